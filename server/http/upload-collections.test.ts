import { scavengesPerBytes } from './upload-collections';

/** A counter that allows 10 bytes between scavenges; `scavengesAfter(n)` receives n bytes. */
function countedScavenges() {
  let scavenges = 0;
  const received = scavengesPerBytes(10, () => {
    scavenges += 1;
  });
  return (bytes: number) => {
    received(bytes);
    return scavenges;
  };
}

it('asks for a scavenge once the bytes received reach the allowance', () => {
  const scavengesAfter = countedScavenges();
  expect(scavengesAfter(6)).toBe(0);
  expect(scavengesAfter(3)).toBe(0);
  expect(scavengesAfter(1)).toBe(1);
});

it('counts the next allowance from the scavenge', () => {
  const scavengesAfter = countedScavenges();
  expect(scavengesAfter(25)).toBe(1);
  expect(scavengesAfter(9)).toBe(1);
  expect(scavengesAfter(1)).toBe(2);
});

it('does nothing where the runtime exposes no collector', () => {
  const received = scavengesPerBytes(10, undefined);
  expect(() => received(100)).not.toThrow();
});
