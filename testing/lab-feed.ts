import { User } from '../server/entities/user';
import type { ApiClient } from './http';
import type { TestServer } from './test-server';

/** The lab feed's tests (lab-feed.md): section 10's example messages and a user of another organization. */

/** Example 1: an ORU^R01 of HI, K, LDH, ASAT (Nordic numbers and units) and an unmapped code. */
export const EX1 = [
  'MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250210083512+0100||ORU^R01^ORU_R01|K20250210-0001|P|2.5.1||||||UNICODE UTF-8',
  'PID|1||19121212-1212^^^SKV^PN||Testsson^Greta||19121212|F',
  'PV1|1|E|AKUT^12^3^SUS',
  'OBR|1|REQ-7781|A250210-0042|KEM^Klinisk kemi^L|||20250210081500+0100',
  'OBX|1|NM|HI^Hemolysindex^L||35|mg/dL|||||F',
  'OBX|2|ST|NPU03230^P-Kalium^NPU||4,5|mmol/L|3,5-4,6||||F',
  'OBX|3|ST|2532-0^LD^LN||3,2|µkat/L|||||F',
  'OBX|4|ST|1920-8^ASAT^LN||0,35|µkat/L|||||F',
  'OBX|5|NM|NA^Natrium^L||140|mmol/L|||||F',
  'SPM|1|^A250210-0042||SER',
].join('\r');

/** Example 2: an OUL^R22 of the middleware with SAC-32, a flag, a comparator and an unmapped code. */
export const EX2 = [
  'MSH|^~\\&|MIDDLEWARE|SUS-KEM|VIALQC|VIALQC|20250211091001||OUL^R22^OUL_R22|MW-000731|P|2.5.1',
  'PID|1||19121212-1212^^^SKV^PN||Testsson^Greta',
  'PV1|1|I|AKUT^12^3^SUS',
  'SPM|1|^A250211-0007||SER|||||||||||||202502110905',
  'SAC|||A250211-0007|||||||||||||||||||||||||||||1.2|g/L',
  'OBR|1|REQ-7790|A250211-0007|KEM^Klinisk kemi^L',
  'ORC|RE|REQ-7790|A250211-0007||CM||||||||MED3^^^SUS',
  'OBX|1|ST|2823-3^Potassium^LN||HEM|mmol/L|||||F',
  'OBX|2|SN|1920-8^ASAT^LN||>^1000|U/L|||||F',
  'OBX|3|NM|CRP^C-reaktivt protein^L||12|mg/L|||||F',
].join('\r');

/** Example 3 (control id `id`): example 1's sample corrected (K), deleted (ASAT) and preliminary (HI). */
export const EX3 = (id: string, potassium = '4,2') =>
  [
    `MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250211143000+0100||ORU^R01|${id}|P|2.3.1`,
    'PID|1||19121212-1212^^^SKV^PN||Testsson^Greta',
    'PV1|1|E|AKUT^12^3^SUS',
    'OBR|1|REQ-7781|A250210-0042|KEM^Klinisk kemi^L|||20250210081500+0100',
    `OBX|1|ST|NPU03230^P-Kalium^NPU||${potassium}|mmol/L|||||C`,
    'OBX|2|ST|1920-8^ASAT^LN|||µkat/L|||||D',
    'OBX|3|NM|HI^Hemolysindex^L||80|mg/dL|||||P',
  ].join('\r');

/** `outsider@example.org`, an owner of `instituteId` only (another organization), signed in. */
export async function loginOutsider(server: TestServer, instituteId: number): Promise<ApiClient> {
  const users = server.ctx.db.getRepository(User);
  const template = await users.findOneByOrFail({ email: 'member@example.org' });
  await users.save(
    users.create({
      email: 'outsider@example.org',
      firstName: 'Otto',
      lastName: 'Outsider',
      role: 'owner',
      isStaff: false,
      passwordHash: template.passwordHash,
      institutes: [{ id: instituteId }],
      defaultInstituteId: instituteId,
    }),
  );
  return server.login('outsider@example.org');
}
