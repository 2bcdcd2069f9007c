import { Modal, Tabs } from '@mantine/core';
import { DataProviders } from '../../data-layer/data-providers';
import { SignInForm } from './sign-in-form';
import classes from './sign-in-modal.module.css';
import { SignUpForm } from './sign-up-form';

export type AuthTab = 'sign-in' | 'sign-up';

type SignInModalProps = {
  opened: boolean;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onClose: () => void;
};

/** The landing page's Sign In / Sign Up dialog. */
export function SignInModal({ opened, tab, onTabChange, onClose }: SignInModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Welcome to Evident"
      size="md"
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      classNames={{ inner: classes.inner, content: classes.content }}
    >
      <DataProviders>
        <Tabs
          value={tab}
          onChange={(value) => onTabChange(value === 'sign-up' ? 'sign-up' : 'sign-in')}
          variant="pills"
          radius="md"
          // Only the open tab is mounted, so the dialog's autofocus lands on that tab's first field.
          keepMounted={false}
        >
          <Tabs.List grow mb="lg">
            <Tabs.Tab value="sign-in">Sign In</Tabs.Tab>
            <Tabs.Tab value="sign-up">Sign Up</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sign-in">
            <SignInForm />
          </Tabs.Panel>
          <Tabs.Panel value="sign-up">
            <SignUpForm />
          </Tabs.Panel>
        </Tabs>
      </DataProviders>
    </Modal>
  );
}
