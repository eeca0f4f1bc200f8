import { VialFormatError } from '../vial/errors';
import { requestArgs } from './channels';
import { VIAL_MESSAGES } from './vial-drive';

it('words the vial messages exactly as administration.md section 8', () => {
  expect(VIAL_MESSAGES.endOfLife('VV-1007')).toBe(
    'VV-1007 is no longer supported and should be returned to the provider.',
  );
  expect(VIAL_MESSAGES.notRegistered('VV-1007')).toBe(
    'VV-1007 is not registered, please contact the provider.',
  );
  expect(VIAL_MESSAGES.permission).toBe(
    'Upload Error: Permission issue, Please contact the provider',
  );
  expect(VIAL_MESSAGES.recordsRemain('VV-1007')).toBe(
    'Upload Error: Some records still remain on VV-1007',
  );
  expect(VIAL_MESSAGES.largeFile('VV-1007')).toBe(
    'You have a large file on VV-1007 that cannot be uploaded. Would you like to remove it from the device?',
  );
  // The tag messages come from the format library; both must agree.
  expect(new VialFormatError('tag_size').message).toBe(VIAL_MESSAGES.corrupted);
  expect(new VialFormatError('empty_serial').message).toBe(VIAL_MESSAGES.notConfigured);
});

it('accepts only http(s) server URLs and positive institute ids', () => {
  expect(
    requestArgs['settings:set'].safeParse([{ serverUrl: 'https://vialqc.example.org' }]).success,
  ).toBe(true);
  expect(requestArgs['settings:set'].safeParse([{ serverUrl: 'file:///etc/passwd' }]).success).toBe(
    false,
  );
  expect(requestArgs['vials:upload'].safeParse([{ vial: '/media/a', institute: 0 }]).success).toBe(
    false,
  );
});
