// Uploads the mini-program as a new development version with WeChat's miniprogram-ci (spec §2
// mini-program pages). miniprogram-ci is large (a bundler of its own), so it is not a dependency of the
// repository: this script runs it through npx only where the upload credentials exist.
//
//   MINIPROGRAM_APPID=wx… MINIPROGRAM_PRIVATE_KEY_PATH=/secure/private.wx….key \
//   MINIPROGRAM_VERSION=1.0.0 npm run miniprogram:upload
//
// The key is the "code upload key" from the mini-program admin console (开发管理 → 开发设置 → 小程序代码上传),
// and the machine's IP must be on that key's allow-list.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectPath = join(dirname(fileURLToPath(import.meta.url)), '..');
const appid = process.env.MINIPROGRAM_APPID ?? '';
const keyPath = process.env.MINIPROGRAM_PRIVATE_KEY_PATH ?? '';
const version = process.env.MINIPROGRAM_VERSION ?? '1.0.0';
const description = process.env.MINIPROGRAM_DESCRIPTION ?? `upload ${new Date().toISOString()}`;

if (!/^wx[0-9a-f]{16}$/i.test(appid)) {
  console.error('MINIPROGRAM_APPID must be the mini-program AppID (wx + 16 hex characters).');
  process.exit(2);
}
if (!keyPath || !existsSync(keyPath)) {
  console.error('MINIPROGRAM_PRIVATE_KEY_PATH must name the code upload key file.');
  process.exit(2);
}

const result = spawnSync(
  'npx',
  [
    '--yes',
    'miniprogram-ci@2',
    'upload',
    '--pp',
    projectPath,
    '--pkp',
    keyPath,
    '--appid',
    appid,
    '--uv',
    version,
    '--ud',
    description,
    '--use-cos',
    'false',
    '-r',
    '1',
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
