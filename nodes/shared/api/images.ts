/**
 * The QR image of a code (its `qrImageUrl`), downloaded without the credential. The download's rules (no local
 * addresses, the Request Timeout, the byte caps) live in imageDownload.ts; operations reach it through the api.
 */
export { downloadPublicFile, MAX_DOWNLOAD_BYTES } from '../imageDownload';
