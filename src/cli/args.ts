/**
 * Command-line arguments of the tools, read the same way everywhere: `--help` prints the usage and exits 0
 * before anything touches a database; an unknown option or a stray argument is a usage error (exit 2, the
 * usage on stderr), never a value: `admin-key --help` once minted a key named "--help".
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function usageError(usage: string, message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

const parse = <O extends Options>(options: O) => parseArgs({ options, allowPositionals: true, strict: true });

export function parseCli<O extends Options>(usage: string, options: O, maxPositionals = 0) {
  const withHelp = { ...options, help: { type: 'boolean' as const, short: 'h' } };
  let parsed: ReturnType<typeof parse<typeof withHelp>>;
  try {
    parsed = parse(withHelp);
  } catch (err) {
    // Node's own hint about `--` is wrong here: npm consumes the first `--` of `npm run x -- …`.
    usageError(usage, `${(err as Error).message.split('. ')[0].replace(/\.$/, '')}.`);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  if (parsed.positionals.length > maxPositionals) {
    usageError(usage, `Unexpected argument '${parsed.positionals[maxPositionals]}'.`);
  }
  return parsed;
}
