/**
 * The source catalogue: every message in English, word for word as the spec and the code say it,
 * in ICU MessageFormat (`{name}` placeholders, `{count, plural, …}`; a `'` right before a brace is
 * written `''`). The other languages (sv.ts, da.ts, …) have exactly these keys and placeholders
 * (catalogue.test.ts). Keys are grouped by the area that answers them.
 */
export const en = {
  // The answers of server/http/error-middleware.ts and server/domain/errors.ts.
  'error.malformed': 'The request is malformed.',
  'error.forbidden': 'Forbidden.',
  'error.notFound': 'Not found.',
  'error.methodNotAllowed': 'Method not allowed.',
  'error.tooLarge': 'The request body is too large.',
  'error.unsupportedMediaType': 'Unsupported media type.',
  'error.notJson': 'The request body is not valid JSON.',
  'error.unsupportedEncoding': 'The request body has an unsupported encoding.',
  'error.unsupportedCharset': 'The request body has an unsupported character set.',
  'error.aborted': 'The request was aborted.',
  'error.sizeMismatch': 'The request body is shorter or longer than announced.',
  'error.tooManyParameters': 'The request has too many parameters.',
  'error.cannotAnswer': 'The request cannot be answered.',
  'error.internal': 'Something went wrong on our end.',
  'error.noSuchEndpoint': 'No such endpoint.',
  'error.notAuthenticated': 'Authentication credentials were not provided.',
  'error.noPermission': 'You do not have permission to perform this action.',
  'error.staffOnly': "Only the provider's staff can change {fields}.",
  'error.invalidRequest': 'Invalid request',

  // Input primitives (shared/api/common.ts) and zod's own words.
  'input.nul': 'Text must not contain NUL characters (\\u0000).',
  'input.control': 'Text must be one line, without line breaks or control characters.',
  'input.multilineControl':
    'Text must not contain control characters other than line breaks and tabs.',
  'input.id': 'Expected an id: a whole number from 1 to {max}.',
  'input.numberAtLeast': 'Expected a number of at least {min}.',
  'input.numberRange': 'Expected a number from {min} to {max}.',
  'input.wholeNumberRange': 'Expected a whole number from {min} to {max}.',
  'input.date': 'Expected a date as YYYY-MM-DD between the years {min} and {max}.',
  'input.instant': 'Expected an ISO date or timestamp between the years {min} and {max}.',
  'input.timestamp':
    'Expected an ISO 8601 timestamp with an offset between the years {min} and {max}.',
  'input.timeZone': 'Unknown time zone: use an IANA name such as Europe/London.',
  'input.positive': 'Expected a number greater than 0.',
  'input.invalidType': 'Invalid input: expected {expected}, received {received}',
  'input.invalidOption': 'Invalid option: expected one of {options}',
  'input.invalid': 'Invalid input',
  'input.unrecognizedKey': 'Unrecognized key: {keys}',
  'input.unrecognizedKeys': 'Unrecognized keys: {keys}',

  // Dates (shared/domain/dates.ts).
  'dates.future': 'Dates cannot be in the future.',
  'dates.toBeforeFrom': 'To Date cannot be before From Date.',

  // Sign-in, sessions, tokens, second factor.
  'auth.badCredentials': 'Incorrect e-mail/username or password.',
  'auth.sessionExpired': 'Your session has expired. Please log in again.',
  'auth.badResetLink': 'This password reset link is invalid or has expired.',
  'auth.badInvitation': 'This invitation link is invalid or has expired.',
  'auth.tokenInvalid': 'Token is invalid or expired.',
  'auth.wrongPassword': 'Your current password is incorrect.',
  'auth.tokenRefused': 'This access token is invalid, expired or revoked.',
  'auth.tokenReadOnly':
    'This access token has the read scope: it may only read (GET). Use a read-write token to make changes.',
  'auth.tokenNotForAccounts':
    'Access tokens cannot manage users, memberships, accounts, sign-in or tokens: sign in with your password.',
  'auth.tokenExpiryPast': 'The expiry must be in the future.',
  'mfa.badCode': 'That code is not valid, or was already used. Enter a new code from your app.',
  'mfa.expired': 'Your sign-in took too long. Please sign in again with your password.',
  'mfa.alreadyOn': 'Two-factor authentication is already on. Turn it off first to set it up again.',
  'mfa.notStarted': 'Start the set-up first: scan a new QR code.',
  'mfa.notOn': 'Two-factor authentication is not on for this account.',
  'mfa.required':
    'Two-factor authentication is required for your account and cannot be turned off. Ask the VialQC staff to reset it if you lost your device.',

  // Users and organizations.
  'user.notAuthorizedCreate': 'You are not authorized to create this user',
  'user.notAuthorizedUpdate': 'You are not authorized to update this user',
  'user.noSuchOrganization': 'An organization does not exist.',
  'user.emailTaken': 'A user with this e-mail already exists.',
  'user.alreadyRegistered': 'This user has already registered.',
  'user.ownAccess': 'You cannot revoke your own access.',
  'institute.noSuchOrganization': 'No such organization.',

  // Vials, records, lines, labels, comments, events.
  'vial.notRegistered': 'Vial is not registered',
  'vial.retired': '{label} is no longer supported and should be returned to the provider.',
  'vial.otherOrganization': 'This vial is registered to another organization.',
  'vial.labelTaken': 'A vial labelled {label} exists already.',
  'vial.uuidTaken': 'Another vial is bound to this UUID.',
  'vial.noDif': 'No DIF file available for this vial.',
  'record.runFileRequired': 'A run file is required.',
  'record.notProcessed': 'The record has not been processed yet.',
  'record.vialMismatch': 'The run file was recorded by another vial than vial_uuid names.',
  'record.noSuchRecord': 'No such record.',
  'line.noSuchLine': 'No such line.',
  'line.archivedChosen': 'Archived lines cannot be chosen.',
  'line.archivedLocked': 'The line has been archived and cannot be changed.',
  'line.ofThisOrganization': 'Choose a line of this organization.',
  'label.noSuchLabel': 'No such label.',
  'label.taken': 'A label with this name already exists.',
  'comment.authorOnly': 'Comments may be edited or deleted only by their author.',
  'event.closed': 'The event is closed.',
  'event.notOpen': 'Only an open event can be acknowledged.',

  // Validations and reports.
  'validation.nameTaken': 'Validation Name already exists',
  'validation.completedNotEditable': 'Completed validations cannot be edited.',
  'validation.alreadyCompleted': 'The validation is already completed.',
  'validation.reportNeedsCompleted': 'Reports can be linked only to completed validations.',
  'report.fileRequired': 'A PDF or Word Document must be attached.',

  // Paired-sample studies.
  'study.nameTaken': 'A study with this name already exists.',
  'study.approvedUnchangeable': 'An approved study cannot be changed.',
  'study.approverIsAuthor': 'A study is approved by someone other than its author.',
  'study.expectedBiasTooLarge': 'The expected bias must be smaller than the limit.',
  'study.noSuchEntry': 'Choose clinical data of this organization.',
  'study.alreadyExcluded': 'This entry is already excluded for this analyte.',

  // Clinical data, hemolysis data and their CSV files.
  'clinical.dateRequired': 'You cannot have an empty date.',
  'clinical.lineDiffersFromRecord': 'The line differs from the line of the linked record.',
  'clinical.csvRequired': 'A CSV file must be attached.',
  'csv.unterminatedQuote': 'A quoted value is not closed on this line.',
  'csv.notANumber': "''{text}'' is not a number.",
  'csv.clinicalNoHeader': 'The file is empty: it needs a header with date and a value column.',
  'csv.missingDate': "The header has no 'date' column.",
  'csv.duplicateColumn': "The header has the ''{column}'' column twice.",
  'csv.unknownLine': "This organization has no line named ''{name}''.",
  'csv.ambiguousLine': "This organization has several lines named ''{name}'': rename one of them.",
  'csv.negative': '{column} cannot be negative.',
  'csv.tooManyDecimals': "''{text}'' has more than two decimals.",
  'csv.tooLarge': "''{text}'' is too large.",
  'csv.noRows': 'The file contains no entries.',
  'csv.unknownUnit': "''{unit}'' is not a unit of {column}: use U/L or µkat/L.",
  'hemolysis.noMeasurements': 'The file contains no measurements.',
  'hemolysis.feedSetFollowsMappings':
    'A lab-feed data set follows the location mappings: change a mapping instead.',
  'hemolysis.feedMeasurementFromLab':
    'Results from the lab feed are corrected by the laboratory system (OBX-11 = C).',

  // Lab feed, contracts, peer benchmarking.
  'labFeed.writeDenied': 'Only an owner or admin of the organization can change the lab feed.',
  'labFeed.guestsCannotSend': 'Guests cannot send results.',
  'labFeed.onlyRejected': 'Only a rejected message can be retried.',
  'labFeed.locationTaken': 'This location code is already mapped.',
  'labFeed.codeTaken': 'This result code is already mapped.',
  'contract.organizationRequired': 'Organization is required',
  'contract.endBeforeStart': 'End Date cannot be before Start Date',
  'contract.pdfOnly': 'Only PDF files can be attached.',
  'contract.filesRequired': 'Attach at least one PDF file.',
  'benchmark.optInForbidden':
    'Only an owner or admin of the organization can change peer benchmarking.',

  // Locale numbers (shared/i18n/format.ts).
  'number.ambiguous':
    "''{text}'' is ambiguous: write the number with {decimal} as the decimal separator and no other punctuation.",
} as const;

export type MessageKey = keyof typeof en;
