import { ackOutcome, bridgeError, buildAck, encodeAck, readAckHeader } from './ack';

const NOW = new Date('2025-02-10T07:40:01.250Z');
const EXAMPLE_1 =
  'MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250210083512+0100||ORU^R01^ORU_R01|K20250210-0001|P|2.5.1||||||UNICODE UTF-8\r' +
  'PID|1||19121212-1212^^^SKV^PN||Testsson^Greta||19121212|F\r';

describe('the lab feed ACK', () => {
  it('reads the MSH an ACK echoes, and nothing after it', () => {
    expect(readAckHeader(Buffer.from(EXAMPLE_1))).toEqual({
      sendingApplication: 'LABSYS',
      sendingFacility: 'SUS-KEM',
      trigger: 'R01',
      controlId: 'K20250210-0001',
      processingId: 'P',
      version: '2.5.1',
      charset: 'UNICODE UTF-8',
      latin1: false,
    });
  });

  it('builds the bridge’s AR per section 2.2, escaped', () => {
    const header = readAckHeader(Buffer.from(EXAMPLE_1.replace('SUS-KEM', 'SUS\\F\\KEM')))!;
    expect(header.sendingFacility).toBe('SUS|KEM');
    const ack = buildAck(header, 'AR', [bridgeError('unavailable', 'HTTP 503')], NOW, 'VQC1');
    expect(ack.split('\r')).toEqual([
      'MSH|^~\\&|VIALQC|VIALQC|LABSYS|SUS\\F\\KEM|20250210074001+0000||ACK^R01^ACK|VQC1|P|2.5.1',
      'MSA|AR|K20250210-0001|VialQC did not answer (HTTP 503): the message was not stored; send it again.',
      'ERR|||207^Application internal error^HL70357|E|unavailable|||VialQC did not answer (HTTP 503): the message was not stored; send it again.',
      '',
    ]);
    expect(ackOutcome(ack)).toEqual({ code: 'AR', reason: 'unavailable' });
  });

  it('leaves MSH-3 to -6, -11, -12 and MSA-2 empty without a readable MSH', () => {
    expect(readAckHeader(Buffer.from('PID|1'))).toBeNull();
    const ack = buildAck(null, 'AR', [bridgeError('too_large')], NOW, 'VQC2');
    expect(ack.split('\r').slice(0, 2)).toEqual([
      'MSH|^~\\&|VIALQC|VIALQC|||20250210074001+0000||ACK|VQC2||',
      'MSA|AR||The message is larger than 1 MiB.',
    ]);
  });

  it('answers in ISO-8859-1 when the message is', () => {
    const latin = Buffer.from(
      EXAMPLE_1.replace('UNICODE UTF-8', '8859/1').replace('LABSYS', 'LÄBSYS'),
      'latin1',
    );
    const header = readAckHeader(latin)!;
    expect(header).toMatchObject({ sendingApplication: 'LÄBSYS', latin1: true });
    const bytes = encodeAck(
      buildAck(header, 'AR', [bridgeError('refused', '401')], NOW, 'X'),
      true,
    );
    expect(Buffer.from(bytes).includes(Buffer.from('LÄBSYS', 'latin1'))).toBe(true);
    // No MSH-18 and bytes that are not UTF-8: ISO-8859-1 as well.
    const unmarked = Buffer.from('MSH|^~\\&|LÄB|F|||||ORU^R01|1|P|2.5\r', 'latin1');
    expect(readAckHeader(unmarked)).toMatchObject({ sendingApplication: 'LÄB', latin1: true });
  });
});
