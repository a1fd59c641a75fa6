// Errors in Supabase Storage's shape, `{ statusCode, error, message }` (statusCode a string), so that
// supabase-js surfaces `message` and the HTTP status exactly as against a hosted project.
export class StorageHttpError extends Error {
  override name = 'StorageHttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  body() {
    return { statusCode: String(this.status), error: this.code, message: this.message };
  }
}

export const storageErrors = {
  noAuth: () => new StorageHttpError(400, 'Error', 'headers must have required property \'authorization\''),
  invalidJwt: (message: string) => new StorageHttpError(401, 'InvalidJWT', message),
  bucketNotFound: () => new StorageHttpError(404, 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageHttpError(404, 'not_found', 'Object not found'),
  duplicate: () => new StorageHttpError(409, 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () => new StorageHttpError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  publicNameTaken: (id: string) =>
    new StorageHttpError(409, 'Duplicate', `A public bucket named "${id}" exists already (public bucket names are unique on this server): choose another name`),
  rls: () => new StorageHttpError(403, 'Unauthorized', 'new row violates row-level security policy'),
  adminOnly: () => new StorageHttpError(403, 'Unauthorized', 'Only administrators can create, change or delete buckets'),
  invalidKey: (key: string, why: string) => new StorageHttpError(400, 'InvalidKey', `Invalid key: ${key.slice(0, 200)} (${why})`),
  invalidBucketName: (id: string) =>
    new StorageHttpError(400, 'Invalid Input', `Bucket name invalid: "${id.slice(0, 100)}" (1 to 63 letters, digits, dots, dashes and underscores, starting with a letter or digit)`),
  invalidInput: (message: string) => new StorageHttpError(400, 'Invalid Input', message),
  tooLarge: (limit: number) => new StorageHttpError(413, 'Payload too large', `The object exceeded the maximum allowed size (${formatBytes(limit)})`),
  mimeNotAllowed: (type: string) => new StorageHttpError(415, 'invalid_mime_type', `mime type ${type} is not supported`),
  mimeMismatch: (declared: string, actual: string) =>
    new StorageHttpError(415, 'invalid_mime_type', `The file's contents are ${actual}, not ${declared} as declared: upload it with its real type`),
  quotaBytes: (limit: number) =>
    new StorageHttpError(413, 'QuotaExceeded', `This library's storage is full (${formatBytes(limit)} allowed): delete files to make room or ask an administrator to raise STORAGE_QUOTA_BYTES`),
  quotaFiles: (limit: number) =>
    new StorageHttpError(413, 'QuotaExceeded', `This library has reached its limit of ${limit} files: delete some or ask an administrator to raise STORAGE_QUOTA_FILES`),
  signatureExpired: () => new StorageHttpError(400, 'InvalidJWT', 'This signed URL has expired: ask for a new link'),
  signatureInvalid: () => new StorageHttpError(400, 'InvalidSignature', 'This signed URL is not valid for this file'),
  rejected: (reason: string) => new StorageHttpError(422, 'Rejected', reason),
};

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
