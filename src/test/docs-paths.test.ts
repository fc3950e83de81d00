// Keeps the documentation true to the repository: every path docs/architecture.md names exists,
// and every relative link in README.md and docs/ leads to a file that exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ARCHITECTURE = 'docs/architecture.md';

/** Files whose extension marks a backticked token as a path even without a folder in it. */
const PATH_EXTENSIONS = /\.(ts|tsx|js|mjs|mts|cjs|sql|md|sh|json|toml|css|html|png)$/;
/** A token made of path characters only: no spaces, arguments, placeholders or globs. */
const PATH_CHARACTERS = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;

function backtickedPaths(markdown: string): string[] {
  const tokens = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
  const paths = tokens.filter(
    (token) => PATH_CHARACTERS.test(token) && (token.includes('/') || PATH_EXTENSIONS.test(token)),
  );
  return [...new Set(paths)];
}

function markdownFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/** Relative link targets of a markdown file, without their #anchor; web and in-page links aside. */
function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
  return targets
    .filter((target) => !/^([a-z]+:|#)/i.test(target))
    .map((target) => decodeURIComponent(target.split('#')[0] ?? ''));
}

describe('the documentation', () => {
  it('names only paths that exist in "where things are"', () => {
    const named = backtickedPaths(readFileSync(path.join(ROOT, ARCHITECTURE), 'utf8'));
    // Guards the extraction itself: a page that names nothing would pass without checking anything.
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((named) => !existsSync(path.join(ROOT, named)))).toEqual([]);
  });

  it('names every schema file and every feature folder in "where things are"', () => {
    const named = new Set(backtickedPaths(readFileSync(path.join(ROOT, ARCHITECTURE), 'utf8')));
    const schemas = readdirSync(path.join(ROOT, 'supabase/schemas')).map((file) => `supabase/schemas/${file}`);
    const features = readdirSync(path.join(ROOT, 'src/features')).map((folder) => `src/features/${folder}/`);
    expect([...schemas, ...features].filter((expected) => !named.has(expected))).toEqual([]);
  });

  it('links only to files that exist', () => {
    const files = ['README.md', ...markdownFiles('docs')];
    const broken = files.flatMap((file) =>
      relativeLinks(readFileSync(path.join(ROOT, file), 'utf8'))
        .filter((target) => !existsSync(path.resolve(ROOT, path.dirname(file), target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
