import { useState } from 'react';
import { api } from './api.ts';
import { ApiError } from './client.ts';

type UploadGrant = {
  uptoken: string;
  key: string;
  upload_url: string;
  expires_at: number;
  max_bytes: number;
};
export type UploadedImage = {
  key: string;
  url: string;
  width: number;
  height: number;
  size: number;
  mime: string;
};

/**
 * §7 Upload: asks POST /tokens/qiniu for an upload token, then sends the file to the storage endpoint
 * (multipart `token` + `file`). The server checks the bytes, re-encodes the image without EXIF and
 * answers its URL. `onProgress` gets 0..1. The `attachment` bucket also takes documents and videos
 * (stored as they are).
 */
export async function uploadImage(
  file: File,
  bucket: 'avatar' | 'image' | 'attachment',
  onProgress?: (fraction: number) => void,
): Promise<UploadedImage> {
  const grant = await api.post<UploadGrant>('/tokens/qiniu', {
    bucket,
    key: file.name,
    type: file.type,
    size: file.size,
  });
  if (file.size > grant.max_bytes) throw new ApiError(413, 'upload.too_large', 'File too large');
  const form = new FormData();
  form.append('token', grant.uptoken);
  form.append('file', file, file.name);
  // XMLHttpRequest rather than fetch: it reports upload progress.
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', grant.upload_url);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (UploadedImage & { code?: string; message?: string }) | null;
      if (request.status >= 200 && request.status < 300 && body) resolve(body);
      else
        reject(new ApiError(request.status, body?.code ?? 'upload_failed', body?.message ?? 'upload failed'));
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', 'upload failed'));
    request.send(form);
  });
}

/**
 * An image upload with its progress for a screen: `progress` is 0..1 while a file goes up, else null;
 * `upload(file)` sends it and hands the stored image's URL to `onUploaded`, or the failure to
 * `onError` (the screen shows it).
 */
export function useImageUpload(
  bucket: 'avatar' | 'image',
  handlers: { onUploaded: (url: string) => void; onError: (error: unknown) => void },
): { progress: number | null; upload: (file: File) => void } {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = (file: File) => {
    setProgress(0);
    uploadImage(file, bucket, setProgress)
      .then((uploaded) => handlers.onUploaded(uploaded.url), handlers.onError)
      .finally(() => setProgress(null));
  };
  return { progress, upload };
}
