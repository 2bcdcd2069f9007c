import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError } from '../toast/toast';
import { MailSwitchPanel } from './mail-switch-panel';

/** The account page's switch for an assessor's morning mail of the evidence waiting for them. */
export function DigestMailSwitch() {
  const utils = trpc.useUtils();
  const setting = trpc.account.digestMail.get.useQuery();
  const change = trpc.account.digestMail.set.useMutation({
    onSuccess: (saved) => utils.account.digestMail.get.setData(undefined, saved),
    onError: (error) => toastError('Not saved', errorMessage(error, 'Could not change the email setting')),
  });
  return (
    <MailSwitchPanel
      id="digest-heading"
      label="Email me each morning when evidence is waiting for me"
      description="At 7 am, on mornings when your students’ submissions wait for a decision: how many in each unit, the longest waiting, and a link to Grading. Nothing is sent when nothing waits."
      setting={setting}
      change={change}
    />
  );
}
