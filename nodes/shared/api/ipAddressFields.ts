/**
 * Which fields of a scan event carry the address of the person who scanned: the contract's `ipAddress` and the
 * names a service may use beside it (ScanData allows more fields), compared in lower case. One rule for every
 * place that must not show an address: the IP Address option (records/ipPrivacy.ts) and error excerpts
 * (answerErrors.ts). Pure.
 */
const IP_ADDRESS_FIELDS = new Set(['ipaddress', 'ip', 'ip_address', 'clientip', 'client_ip']);

export function isIpAddressField(field: string): boolean {
	return IP_ADDRESS_FIELDS.has(field.toLowerCase());
}
