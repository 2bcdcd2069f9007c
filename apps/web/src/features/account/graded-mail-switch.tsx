import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError } from '../toast/toast';
import { MailSwitchPanel } from './mail-switch-panel';

/** The account page's switch for the mail a student gets each time their work is graded. */
export function GradedMailSwitch() {
  const utils = trpc.useUtils();
  const setting = trpc.account.gradedMail.get.useQuery();
  const change = trpc.account.gradedMail.set.useMutation({
    onSuccess: (saved) => utils.account.gradedMail.get.setData(undefined, saved),
    onError: (error) => toastError('Not saved', errorMessage(error, 'Could not change the email setting')),
  });
  return (
    <MailSwitchPanel
      id="email-heading"
      label="Email me when my work is graded"
      description="The outcome, your assessor's comment and, when it is Not Yet Satisfactory, what to do next, with a link to the task."
      setting={setting}
      change={change}
    />
  );
}
