import { readFileSync } from 'node:fs';

/**
 * Whether each function requires a JWT, from supabase/config.toml's `[functions.<name>]` tables,
 * as `supabase functions serve` reads them: `verify_jwt` defaults to true. Only this key is read,
 * so a small line reader stands in for a TOML parser.
 */
export function readVerifyJwt(configFile: string): Map<string, boolean> {
  let text: string;
  try {
    text = readFileSync(configFile, 'utf8');
  } catch {
    return new Map();
  }
  const settings = new Map<string, boolean>();
  let current: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (line.startsWith('[')) {
      const table = /^\[\s*functions\.(?:"([^"]+)"|([A-Za-z0-9_-]+))\s*\]$/.exec(line);
      current = table ? (table[1] ?? table[2] ?? null) : null;
      continue;
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
    if (current && setting) settings.set(current, setting[1] === 'true');
  }
  return settings;
}
