import { startDnsServer, type TestDnsServer } from '../../../testing/dns-server';
import { presentDomain, refuseWebmail, txtRecords, verificationRecord } from './domains';

/** The TXT look-up through node:dns's Resolver, against a real DNS server on loopback. */
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(() => dns.stop());

describe('txtRecords', () => {
  it('answers the records of a name, long ones whole', async () => {
    const long = `vialqc-domain-verification=${'a'.repeat(300)}`;
    dns.txt('hospital.example', 'v=spf1 -all', long);
    expect(await txtRecords('hospital.example', [dns.address])).toEqual(['v=spf1 -all', long]);
  });

  it('answers none for a name without records, and for one that does not exist', async () => {
    dns.txt('empty.example');
    expect(await txtRecords('empty.example', [dns.address])).toEqual([]);
    expect(await txtRecords('nowhere.example', [dns.address])).toEqual([]);
    expect(dns.asked).toEqual(expect.arrayContaining(['empty.example', 'nowhere.example']));
  });
});

describe('claims', () => {
  it('are presented with the record to publish', () => {
    expect(
      presentDomain({
        domain: 'hospital.example',
        instituteId: 1,
        state: 'pending',
        verificationToken: 'abc',
        verifiedAt: null,
        verifiedHow: null,
        verifiedById: null,
      }),
    ).toEqual({
      name: 'hospital.example',
      state: 'pending',
      record: 'vialqc-domain-verification=abc',
      verified_at: null,
      verified_by: null,
    });
    expect(verificationRecord('t')).toBe('vialqc-domain-verification=t');
  });

  it('of public webmail are refused with 422', () => {
    expect(() => refuseWebmail(['hospital.example'])).not.toThrow();
    expect(() => refuseWebmail(['hospital.example', 'gmx.net'])).toThrow(
      expect.objectContaining({
        status: 422,
        detail: expect.stringMatching(/^gmx\.net is a public/),
      }),
    );
  });
});
