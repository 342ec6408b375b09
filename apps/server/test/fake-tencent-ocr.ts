import { createHash, createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running fake of ocr.tencentcloudapi.com: its URL, the images it was sent, and close. */
export type FakeTencentOcr = { url: string; images: Buffer[]; close: () => Promise<void> };

/** TC3-HMAC-SHA256 as Tencent Cloud documents it (Signature v3), written apart from the adapter. */
function expectedSignature(secretKey: string, host: string, timestamp: string, payload: string): string {
  const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const date = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:${host}\n\ncontent-type;host\n${hash(payload)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/ocr/tc3_request\n${hash(canonical)}`;
  const kDate = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const kService = createHmac('sha256', kDate).update('ocr').digest();
  const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
  return createHmac('sha256', kSigning).update(toSign).digest('hex');
}

/**
 * A local stand-in for Tencent Cloud IDCardOCR (2018-11-19): checks action, version, region and the
 * TC3 signature (AuthFailure.SignatureFailure otherwise) and answers by the image's first bytes —
 * "card:<number>:<name>" → a recorded-style front-side answer, "passport" →
 * FailedOperation.IdCardInfoIllegal, "http500" → HTTP 500, anything else → FailedOperation.OcrFailed.
 */
export async function startFakeTencentOcr(options: {
  secretId: string;
  secretKey: string;
}): Promise<FakeTencentOcr> {
  const images: Buffer[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const payload = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const requestId = 'fake-0000-1111';
    const timestamp = String(request.headers['x-tc-timestamp'] ?? '');
    const authorization = String(request.headers.authorization ?? '');
    const signature = /Signature=([0-9a-f]+)/.exec(authorization)?.[1];
    const isSigned =
      authorization.startsWith(`TC3-HMAC-SHA256 Credential=${options.secretId}/`) &&
      signature === expectedSignature(options.secretKey, String(request.headers.host), timestamp, payload);
    if (
      request.headers['x-tc-action'] !== 'IDCardOCR' ||
      request.headers['x-tc-version'] !== '2018-11-19' ||
      !request.headers['x-tc-region']
    ) {
      send(200, {
        Response: { Error: { Code: 'InvalidAction', Message: 'unknown action' }, RequestId: requestId },
      });
      return;
    }
    if (!isSigned) {
      send(200, {
        Response: {
          Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' },
          RequestId: requestId,
        },
      });
      return;
    }
    const body = JSON.parse(payload) as { ImageBase64: string; CardSide: string };
    const image = Buffer.from(body.ImageBase64, 'base64');
    images.push(image);
    const text = image.toString('utf8');
    if (text === 'http500') {
      send(500, {});
      return;
    }
    const card = /^card:([0-9X]{18}):(.+)$/.exec(text);
    if (card && body.CardSide === 'FRONT') {
      const idNum = card[1] as string;
      send(200, {
        Response: {
          Name: card[2],
          Sex: '男',
          Nation: '汉',
          Birth: `${idNum.slice(6, 10)}/${Number(idNum.slice(10, 12))}/${Number(idNum.slice(12, 14))}`,
          Address: '北京市朝阳区建国路1号',
          IdNum: idNum,
          Authority: '',
          ValidDate: '',
          AdvancedInfo: '{}',
          RequestId: requestId,
        },
      });
      return;
    }
    const code = text === 'passport' ? 'FailedOperation.IdCardInfoIllegal' : 'FailedOperation.OcrFailed';
    send(200, { Response: { Error: { Code: code, Message: 'not an ID card' }, RequestId: requestId } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    images,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
