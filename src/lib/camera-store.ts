import { create } from 'zustand';

/** Whether the camera scanner is open: asked for from the menu, shown over the screen. */
export const useCameraStore = create<{ open: boolean }>(() => ({ open: false }));
export const cameraOpened = () => useCameraStore.setState({ open: true });
export const cameraClosed = () => useCameraStore.setState({ open: false });
