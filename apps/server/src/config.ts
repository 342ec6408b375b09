import { z } from 'zod';

/**
 * Server configuration from environment variables (DESIGN §6), validated at start-up.
 * Without any of them the app runs fully on one machine: PGlite in ./data, port 8080.
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  REDIS_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Salt of the Apikey request signature; the web build embeds the same value (VITE_APIKEY_SALT). */
  APIKEY_SALT: z.string().min(8).default('meeting-platform-apikey-salt-v1'),
  /** 0 turns Apikey verification off (e.g. behind a gateway that already checks it). */
  APIKEY_REQUIRED: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app served at /; empty disables static serving. */
  WEB_DIST: z.string().optional(),
  /** 0 skips seeding the demo meeting on an empty database. */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Seconds a hot public read (meeting, blocks, agendas) is served from the in-process cache. */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
});

export type Config = z.infer<typeof ConfigSchema>;

/**
 * Reads and validates the configuration.
 * @throws Error listing every invalid variable, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
