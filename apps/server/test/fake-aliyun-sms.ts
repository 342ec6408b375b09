import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A SendSms request the fake accepted. */
export type ReceivedSms = {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: string;
};

export type FakeAliyunSms = {
  endpoint: string;
  /** Accepted SendSms requests, oldest first. */
  received: ReceivedSms[];
  /** Answers of the fake, oldest first (`Code` OK or the error code). */
  answers: string[];
  close: () => Promise<void>;
};

/** Aliyun's percent-encoding: RFC 3986 (encodeURIComponent plus ! ' ( ) *). */
function aliyunEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The RPC signature as Aliyun documents it, written independently of @alicloud/pop-core: the query
 * parameters except Signature, sorted by name, each `encode(name)=encode(value)`, joined with '&';
 * StringToSign = METHOD + '&' + encode('/') + '&' + encode(canonical); base64 HMAC-SHA1 keyed with
 * `secret + '&'`.
 */
export function aliyunRpcSignature(method: string, params: Map<string, string>, secret: string): string {
  const canonical = [...params.entries()]
    .filter(([name]) => name !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${aliyunEncode(name)}=${aliyunEncode(value)}`)
    .join('&');
  const stringToSign = `${method.toUpperCase()}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/**
 * A local stand-in for dysmsapi.aliyuncs.com: checks the signature of each GET request and answers
 * like Aliyun — `{ Code: 'OK', BizId, RequestId }`, HTTP 400 `SignatureDoesNotMatch` for a wrong
 * signature, `InvalidAccessKeyId.NotFound` for an unknown key, `isv.MOBILE_NUMBER_ILLEGAL` for an
 * empty number.
 */
export async function startFakeAliyunSms(options: {
  accessKeyId: string;
  accessKeySecret: string;
}): Promise<FakeAliyunSms> {
  const received: ReceivedSms[] = [];
  const answers: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = new Map(url.searchParams.entries());
    const answer = (status: number, body: Record<string, unknown>) => {
      answers.push(String(body.Code));
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ RequestId: randomUUID(), ...body }));
    };
    if (params.get('AccessKeyId') !== options.accessKeyId) {
      return answer(404, {
        Code: 'InvalidAccessKeyId.NotFound',
        Message: 'Specified access key is not found.',
      });
    }
    const expected = aliyunRpcSignature(request.method ?? 'GET', params, options.accessKeySecret);
    if (params.get('Signature') !== expected || params.get('SignatureMethod') !== 'HMAC-SHA1') {
      return answer(400, {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
      });
    }
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25') {
      return answer(400, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found.' });
    }
    const phoneNumbers = params.get('PhoneNumbers') ?? '';
    if (!phoneNumbers)
      return answer(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'invalid mobile number' });
    received.push({
      phoneNumbers,
      signName: params.get('SignName') ?? '',
      templateCode: params.get('TemplateCode') ?? '',
      templateParam: params.get('TemplateParam') ?? '',
    });
    return answer(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    received,
    answers,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
