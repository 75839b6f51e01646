import { ApiError, signInAgain } from '../api/client';

/** Uploads a file into `content`, a space's or a change request's (its raw bytes as the body): the editor's images and files. */
export async function uploadFile(content: string, file: File): Promise<{ fileId: string; url: string }> {
  const res = await fetch(`${content}/files?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  if (res.status === 401) signInAgain();
  const body = (await res.json()) as { id?: string; downloadURL?: string; error?: { message: string } };
  if (!res.ok) throw new ApiError(res.status, body.error?.message ?? `${res.status}`);
  return { fileId: body.id!, url: body.downloadURL! };
}
