import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './toast.module.css';

/** Mantine's toast renderer with the spec's settings; loaded on demand by ToastHost. */
export function ToastRenderer() {
  // On a phone a form's Save and Cancel sit at the bottom of the screen, where a toast would cover
  // them (a validation error would hide the button that fixes it); there the top is free, below the
  // top bar, whose menu and title a toast would otherwise hide for its five seconds. Each toast is
  // still an alert, read out wherever it sits.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  // Spec section 9: one toast at a time, 5 s each.
  return (
    <Notifications
      limit={1}
      autoClose={5000}
      position={phone ? 'top-center' : 'bottom-right'}
      className={phone ? classes.belowHeader : undefined}
    />
  );
}
