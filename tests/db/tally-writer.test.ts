// The Tally writer (private.tally_xml, supabase/schemas/tally.sql) against TallyPrime's own files
// (tests/fixtures/real/tally/, see SOURCES.md): fed hand-made vouchers of every kind (a sales
// invoice, a purchase, a credit note, a receipt and a payment), every element it writes is one
// the real files have at that place, its children in the real files' order, its attributes theirs,
// and its dates, amounts, quantities and signs in their formats. The real Day Book holds invoices
// only, so the accounting vouchers' ALLLEDGERENTRIES.LIST is held to its LEDGERENTRIES.LIST.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPool } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(1);
});
afterAll(async () => {
  await pool.end();
});

interface XmlElement {
  tag: string;
  attributes: string[];
  children: XmlElement[];
  text: string;
}

/** The elements of an XML text (no comments or declarations in these files): tags, attribute names, text. */
function parse(xml: string): XmlElement {
  const root: XmlElement = { tag: '#root', attributes: [], children: [], text: '' };
  const stack = [root];
  const token = /<(\/?)([A-Za-z0-9_.:]+)((?:\s+[^\s=>/]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  for (const [, closing, tag, attributes, selfClosing, text] of xml.matchAll(token)) {
    const parent = stack.at(-1)!;
    if (text !== undefined) {
      parent.text += text;
    } else if (closing) {
      expect(parent.tag).toBe(tag);
      stack.pop();
    } else {
      const element: XmlElement = {
        tag: tag!,
        attributes: [...attributes!.matchAll(/([^\s=]+)="/g)].map((match) => match[1]!),
        children: [],
        text: '',
      };
      parent.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  expect(stack).toHaveLength(1);
  return root;
}

/** Every element under `element` with its path (tags from the top, joined by '/'). */
function* walk(element: XmlElement, path = ''): Generator<[string, XmlElement]> {
  for (const child of element.children) {
    const childPath = `${path}/${child.tag}`;
    yield [childPath, child];
    yield* walk(child, childPath);
  }
}

/** Whether `part` appears in `whole` in the same order (not necessarily together). */
function isSubsequence(part: string[], whole: string[]): boolean {
  let at = 0;
  for (const tag of whole) if (tag === part[at]) at++;
  return at === part.length;
}

const distinctInOrder = (tags: string[]) => tags.filter((tag, i) => tags[i - 1] !== tag);

/** The real files' elements by path: each element's attribute names and its children's tags. */
function realLayout() {
  const dir = 'tests/fixtures/real/tally';
  const dayBook = parse(readFileSync(`${dir}/tallyprime-day-book.xml`, 'utf8'));
  // The master files are one TALLYMESSAGE each: placed where the Day Book keeps its masters.
  const masters = ['ledger-regular-creditor.xml', 'unit-master.xml'].map((file) =>
    parse(readFileSync(`${dir}/${file}`, 'utf8')),
  );
  const layout = new Map<string, { attributes: string[]; children: string[] }[]>();
  const add = (root: XmlElement, prefix: string) => {
    for (const [path, element] of walk(root, prefix)) {
      const seen = layout.get(path) ?? [];
      seen.push({ attributes: element.attributes, children: distinctInOrder(element.children.map((c) => c.tag)) });
      layout.set(path, seen);
    }
  };
  add(dayBook, '');
  for (const file of masters) add(file, '/ENVELOPE/BODY/IMPORTDATA/REQUESTDATA');
  return { layout, dayBook };
}

const voucherPath = '/ENVELOPE/BODY/IMPORTDATA/REQUESTDATA/TALLYMESSAGE/VOUCHER';

// Hand-made vouchers of every kind, as private.tally_vouchers would give them (a receipt too,
// which the customers' payments will give).
const party = {
  name: 'Boutique "Noor" & Sons <Pune>',
  group: 'Sundry Debtors',
  gstin: '27AAPFU0939F1ZV',
  state: 'Maharashtra',
};
const supplier = { name: 'Arvind Mills', group: 'Sundry Creditors', gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' };
const taxLedger = (name: string, head: string, amount: number, debit: boolean) => ({
  ledger: name,
  group: 'Duties & Taxes',
  duty_head: head,
  amount,
  debit,
});
const vouchers = [
  {
    remote_id: 'FactoryFlow/Sales/AT/26-27/7',
    type: 'Sales',
    date: '2026-11-04',
    number: 'AT/26-27/7',
    place_of_supply: 'Maharashtra',
    party,
    inventory: [
      {
        item: 'Kurta & Dupatta',
        unit: 'NOS',
        decimals: 0,
        uqc: 'NOS-NUMBERS',
        hsn: '6204',
        quantity: 10,
        amount: 10000,
        debit: false,
        ledger: 'Sales GST 18%',
        group: 'Sales Accounts',
      },
    ],
    entries: [
      { ledger: party.name, amount: 11800, debit: true, party: true, bill: { type: 'New Ref', name: 'AT/26-27/7' } },
      taxLedger('Output IGST', 'IGST', 1800, false),
    ],
  },
  {
    remote_id: 'FactoryFlow/Purchase/PO-0001/20261105/AM-77',
    type: 'Purchase',
    date: '2026-11-05',
    number: 'AM-77',
    reference: 'AM-77',
    narration: 'Received on PO-0001',
    party: supplier,
    inventory: [
      {
        item: 'Cotton',
        unit: 'm',
        decimals: 3,
        uqc: 'MTR-METERS',
        quantity: 100.5,
        amount: 5025,
        debit: true,
        ledger: 'Purchase GST 5%',
        group: 'Purchase Accounts',
      },
    ],
    entries: [
      { ledger: 'Arvind Mills', amount: 5276.25, debit: false, party: true, bill: { type: 'New Ref', name: 'AM-77' } },
      taxLedger('Input IGST', 'IGST', 251.25, true),
    ],
  },
  {
    remote_id: 'FactoryFlow/Credit Note/CN/26-27/1',
    type: 'Credit Note',
    date: '2026-11-06',
    number: 'CN/26-27/1',
    reference: 'AT/26-27/7',
    narration: 'Late delivery',
    party,
    entries: [
      { ledger: party.name, amount: 1180, debit: false, party: true, bill: { type: 'Agst Ref', name: 'AT/26-27/7' } },
      { ledger: 'Sales GST 18%', group: 'Sales Accounts', amount: 1000, debit: true },
      taxLedger('Output IGST', 'IGST', 180, true),
    ],
  },
  {
    remote_id: 'FactoryFlow/Receipt/R-1',
    type: 'Receipt',
    date: '2026-11-07',
    number: 'R-1',
    narration: 'UPI 4411',
    party,
    entries: [
      { ledger: party.name, amount: 5000, debit: false, party: true, bill: { type: 'Agst Ref', name: 'AT/26-27/7' } },
      { ledger: 'Bank', group: 'Bank Accounts', amount: 5000, debit: true },
    ],
  },
  {
    remote_id: 'FactoryFlow/Payment/SP-1',
    type: 'Payment',
    date: '2026-11-08',
    number: 'SP-1',
    narration: 'Cash',
    party: supplier,
    entries: [
      { ledger: 'Arvind Mills', amount: 2000, debit: true, party: true, bill: { type: 'On Account', name: 'SP-1' } },
      { ledger: 'Cash', amount: 2000, debit: false },
    ],
  },
];

async function write(company: string | null, list: unknown[]) {
  const { rows } = await pool.query<{ xml: string }>('select private.tally_xml($1, $2) as xml', [
    company,
    JSON.stringify(list),
  ]);
  return rows[0]!.xml;
}

describe('the Tally writer', () => {
  it('writes only elements the real TallyPrime files have, where and in the order they have them', async () => {
    const { layout } = realLayout();
    const written = parse(await write('Asha & Co', vouchers));
    const problems: string[] = [];
    for (const [path, element] of walk(written)) {
      const realPath = path.replace(`${voucherPath}/ALLLEDGERENTRIES.LIST`, `${voucherPath}/LEDGERENTRIES.LIST`);
      const real = layout.get(realPath);
      if (!real) {
        problems.push(`${path}: not in the real files`);
        continue;
      }
      const children = distinctInOrder(
        element.children.map((c) => (c.tag === 'ALLLEDGERENTRIES.LIST' ? 'LEDGERENTRIES.LIST' : c.tag)),
      );
      if (!real.some((r) => isSubsequence(children, r.children))) {
        problems.push(`${path}: children ${children.join(', ')} not in the real order`);
      }
      if (!real.some((r) => element.attributes.every((name) => r.attributes.includes(name)))) {
        problems.push(`${path}: attributes ${element.attributes.join(', ')} not the real ones`);
      }
    }
    expect(problems).toEqual([]);
    // And every kind of voucher is there, each in its own TALLYMESSAGE after the masters'.
    const messages = [...walk(written)].filter(([path]) => path.endsWith('/REQUESTDATA/TALLYMESSAGE'));
    expect(
      messages.map(([, m]) =>
        m.children
          .map((c) => c.tag)
          .join(',')
          .replace(/(UNIT|STOCKITEM|LEDGER),?/g, 'M'),
      ),
    ).toEqual(['MMMMMMMMMMM', 'VOUCHER', 'VOUCHER', 'VOUCHER', 'VOUCHER', 'VOUCHER']);
  });

  it("writes dates, amounts, quantities and signs in the real files' formats", async () => {
    const { dayBook } = realLayout();
    const written = parse(await write(null, vouchers));
    const formats: Record<string, RegExp> = {
      DATE: /^\d{8}$/,
      EFFECTIVEDATE: /^\d{8}$/,
      AMOUNT: /^-?\d+\.\d{2}$/,
      ISDEEMEDPOSITIVE: /^(Yes|No)$/,
      ISPARTYLEDGER: /^(Yes|No)$/,
      ACTUALQTY: /^ \d+(\.\d{3})? \S+$/,
      BILLEDQTY: /^ \d+(\.\d{3})? \S+$/,
      RATE: /^\d+\.\d{2}\/\S+$/,
    };
    for (const root of [dayBook, written]) {
      for (const [path, element] of walk(root)) {
        const format = formats[element.tag];
        // The Day Book's masters hold amounts of other shapes (opening balances); its vouchers' are these.
        if (format && path.includes('/VOUCHER/') && element.children.length === 0) expect(element.text).toMatch(format);
        // Ours: ISDEEMEDPOSITIVE Yes is a debit, written negative; No a credit, written positive, as
        // in the real vouchers' entries (but for its TDS deducted, a debit-side entry reduced: Yes and positive).
        if (root === dayBook) continue;
        const deemed = element.children.find((c) => c.tag === 'ISDEEMEDPOSITIVE')?.text;
        const amount = element.children.find((c) => c.tag === 'AMOUNT')?.text;
        if (path.includes('/VOUCHER/') && deemed && amount && Number(amount) !== 0) {
          expect([path, deemed, Number(amount) < 0]).toEqual([path, deemed, deemed === 'Yes']);
        }
      }
    }
    const voucherDates = [...walk(written)].filter(([path]) => path === `${voucherPath}/DATE`).map(([, e]) => e.text);
    expect(voucherDates).toEqual(['20261104', '20261105', '20261106', '20261107', '20261108']);
    const partyAmounts = [...walk(written)]
      .filter(([, e]) => e.children.some((c) => c.tag === 'ISPARTYLEDGER' && c.text === 'Yes'))
      .map(([, e]) => e.children.find((c) => c.tag === 'AMOUNT')!.text);
    expect(partyAmounts).toEqual(['-11800.00', '5276.25', '1180.00', '5000.00', '-2000.00']);
    const quantities = [...walk(written)].filter(([, e]) => e.tag === 'ACTUALQTY').map(([, e]) => e.text);
    expect(quantities).toEqual([' 10 NOS', ' 100.500 m']);
  });

  it('escapes names, gives each ledger once, and refuses a voucher that does not balance', async () => {
    const xml = await write('Asha & Co', vouchers);
    expect(xml).toContain('<SVCURRENTCOMPANY>Asha &amp; Co</SVCURRENTCOMPANY>');
    expect(xml).toContain('<PARTYNAME>Boutique "Noor" &amp; Sons &lt;Pune&gt;</PARTYNAME>');
    expect(xml).toContain('<LEDGER NAME="Boutique &quot;Noor&quot; &amp; Sons &lt;Pune&gt;" RESERVEDNAME="">');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const ledgers = [...xml.matchAll(/<LEDGER NAME="([^"]*)"/g)].map((m) => m[1]);
    expect(ledgers).toEqual([
      'Arvind Mills',
      'Bank',
      'Boutique &quot;Noor&quot; &amp; Sons &lt;Pune&gt;',
      'Input IGST',
      'Output IGST',
      'Purchase GST 5%',
      'Sales GST 18%',
    ]);
    const unbalanced = structuredClone(vouchers[3]!);
    unbalanced.entries[1]!.amount = 4999.99;
    await expect(write(null, [unbalanced])).rejects.toThrow(
      'Tally voucher R-1 does not balance: debits 4999.99, credits 5000.',
    );
  });
});
