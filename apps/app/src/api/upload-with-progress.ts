import { ApiError, signInAgain } from './client';

/** How far an upload is: bytes sent of the total. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * POSTs a file as the raw request body and answers the JSON the API returns, reporting the bytes
 * sent as they go (XMLHttpRequest: fetch reports no upload progress). Same session, same errors as
 * `apiRequest`: 401 goes to the sign-in page, any other failure is an ApiError with the API's message.
 */
export function postFileWithProgress<T>(path: string, file: Blob, contentType: string, onProgress: (progress: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onerror = () => reject(new ApiError(0, 'The server could not be reached.'));
    request.onload = () => {
      if (request.status === 401) {
        signInAgain();
        reject(new ApiError(401, 'The session has ended: sign in again.'));
        return;
      }
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status < 200 || request.status >= 300) {
        const message = (body as { error?: { message?: string } } | undefined)?.error?.message ?? `${request.status} ${request.statusText}`;
        reject(new ApiError(request.status, message));
        return;
      }
      resolve(body as T);
    };
    request.send(file);
  });
}
