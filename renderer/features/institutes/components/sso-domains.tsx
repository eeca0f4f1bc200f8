import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import type { SsoDomain } from '../../../../shared/api/sso';
import { withDetail } from '../../../lib/api-client';
import { useIsStaff } from '../../../lib/permissions';
import { useProveSsoDomain, type DomainProof } from '../api/prove-sso-domain';

const PROOF_WORDS: Record<NonNullable<SsoDomain['verified_by']>, string> = {
  dns: 'DNS record',
  staff: 'approved by staff',
};

/**
 * The claimed e-mail domains of the single sign-on settings, each with its state: a pending one
 * shows the TXT record to publish at it and Verify (the server looks the record up); staff also
 * see Approve. Only verified domains sign people in and can refuse passwords.
 */
export function SsoDomains({
  instituteId,
  domains,
}: {
  instituteId: number;
  domains: SsoDomain[];
}) {
  const prove = useProveSsoDomain(instituteId);
  const staff = useIsStaff();
  const { enqueueSnackbar } = useSnackbar();
  if (domains.length === 0) return null;

  const run = (domain: string, proof: DomainProof) =>
    prove.mutate(
      { domain, proof },
      {
        onSuccess: () => enqueueSnackbar(`${domain} verified`, { variant: 'success' }),
        onError: (error) =>
          enqueueSnackbar(withDetail(`Unable to verify ${domain}`, error), { variant: 'error' }),
      },
    );
  const busy = (domain: string, proof: DomainProof) =>
    prove.isPending && prove.variables?.domain === domain && prove.variables.proof === proof;

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="sso-domains-heading">
      <Typography variant="h6" component="h3" id="sso-domains-heading">
        Domains
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A domain signs people in only once it is verified: publish its TXT record with your DNS
        provider, then press Verify. Until then its people sign in with their password.
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {domains.map((domain) => (
          <Stack component="li" key={domain.name} spacing={0.5} aria-label={domain.name}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {domain.name}
              </Typography>
              {domain.state === 'verified' ? (
                <Chip
                  size="small"
                  color="success"
                  label={`Verified (${PROOF_WORDS[domain.verified_by ?? 'dns']})`}
                />
              ) : (
                <Chip size="small" color="warning" label="Pending" />
              )}
            </Stack>
            {domain.state === 'pending' && (
              <>
                <Typography variant="body2">
                  Publish this TXT record at <strong>{domain.name}</strong>:
                </Typography>
                <Typography
                  component="code"
                  variant="body2"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {domain.record}
                </Typography>
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="outlined"
                    loading={busy(domain.name, 'verify')}
                    onClick={() => run(domain.name, 'verify')}
                    aria-label={`Verify ${domain.name}`}
                  >
                    Verify
                  </Button>
                  {staff && (
                    <Button
                      size="small"
                      loading={busy(domain.name, 'approve')}
                      onClick={() => run(domain.name, 'approve')}
                      aria-label={`Approve ${domain.name}`}
                    >
                      Approve
                    </Button>
                  )}
                </Stack>
              </>
            )}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
