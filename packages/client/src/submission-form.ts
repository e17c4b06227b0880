// The form fields of a submit (classify, moderate, bank content, hash): multipart when there is a file,
// URL-encoded otherwise, as docs/api.md "Submitting content" takes them.

/** An upload: the bytes with the part's file name and content type (the service sniffs the real type). */
export interface Upload {
  data: Blob | Uint8Array | ArrayBuffer;
  filename: string;
  type: string;
}

export interface SubmissionFields {
  /** The content as an upload, or... */
  file?: Upload;
  /** ...an absolute http(s) address the service fetches. */
  url?: string;
  /** Text shared with the content, scored for toxicity (≤ 256 KB). */
  caption?: string;
  /** Where the signed webhook goes when the job finishes. */
  callbackUrl?: string;
}

/** Form field name → value, already in the service's spelling. */
export type FormFields = Record<string, string | undefined>;

export function submissionFields(input: SubmissionFields): FormFields {
  return { url: input.url, caption: input.caption, callback_url: input.callbackUrl };
}

export function formBody(fields: FormFields, file?: Upload): FormData | URLSearchParams {
  const present = Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (!file) return new URLSearchParams(present);
  const form = new FormData();
  form.append('file', toBlob(file), file.filename);
  for (const [name, value] of present) form.append(name, value);
  return form;
}

function toBlob(file: Upload): Blob {
  if (file.data instanceof Blob) return new Blob([file.data], { type: file.type });
  // A copy: Blob takes an ArrayBuffer-backed view, and a Node Buffer may share a larger pool.
  const bytes = file.data instanceof ArrayBuffer ? new Uint8Array(file.data) : new Uint8Array(file.data);
  return new Blob([bytes], { type: file.type });
}
