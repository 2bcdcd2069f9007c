import { notifications } from '@mantine/notifications';
import classes from './toast.module.css';

const destructiveClassNames = {
  root: classes.destructiveRoot,
  title: classes.destructiveText,
  description: classes.destructiveText,
  closeButton: classes.destructiveClose,
};

/**
 * The spec shows one toast at a time and a new one replaces the old (rather than queueing behind it),
 * so every toast first clears whatever is showing or waiting.
 */
function showToast(title: string, message: string, tone: 'success' | 'error') {
  notifications.clean();
  notifications.show({
    title,
    message,
    color: tone === 'error' ? 'red' : undefined,
    classNames: tone === 'error' ? destructiveClassNames : undefined,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}

export function toastSuccess(title: string, message = '') {
  showToast(title, message, 'success');
}

export function toastError(title: string, message = '') {
  showToast(title, message, 'error');
}
