import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, in its own chunk: the provider loads it with the first toast. */
export function ToastContainer() {
  return <Notifications position="top-right" limit={3} />;
}
