import { Notifications } from '@mantine/notifications';

/** Mantine's toast renderer with the spec's settings; loaded on demand by ToastHost. */
export function ToastRenderer() {
  // Spec section 9: one toast at a time, 5 s each.
  return <Notifications limit={1} autoClose={5000} position="bottom-right" />;
}
