/**
 * The one module that knows QRTRAC's endpoints: one typed function per contract operation (29), built on the
 * transport. Operations, the trigger and the pickers call these; no other file writes a path, a method or the
 * shape of a request body, and every answer is read through answers.ts.
 */
export * from './qrCodes';
export * from './availability';
export { answeredNoCode, teamOfOtherTeamCode } from './codeReadAnswers';
export * from './duplicate';
export * from './deletions';
export * from './qrList';
export { isOutOfOrderList } from './listOrder';
export * from './takenDisplayId';
export * from './qrScroll';
export * from './analytics';
export * from './scanTotals';
export * from './timeline';
export * from './eventTime';
export * from './ipAddressFields';
export * from './templates';
export * from './teams';
export * from './members';
export * from './bulkAdd';
export { earlierTrySender } from './created';
export * from './listedMembers';
export * from './simpleInterface';
export type {
	ChangedQrCode,
	Member,
	QrCode,
	QrPage,
	Scan,
	ScanTotals,
	Team,
	TeamWithMembers,
} from './answers';
export { excerptOf, sentence, unexpectedAnswer } from './answers';
export type { InTeam } from './source';
export { chunk, credentialIdentity, shownExcerpt } from './source';
export type { ConnectionFacts } from './source';
export { baseUrlRead, connectionOf } from './source';
export {
	addressExample,
	addressNote,
	addressPattern,
	CODE_ADDRESSES,
	givenValue,
	locatorId,
} from './recordAddress';
export type { AddressedRecord, StoredField } from './recordAddress';
export * from './images';
