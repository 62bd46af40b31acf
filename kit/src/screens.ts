/** The screens a terminal runs on: what `test.use({ screenSize })` sets the page's viewport to. */
export const screens = {
  phone: { width: 390, height: 844 },
  tabletPortrait: { width: 768, height: 1024 },
  tabletLandscape: { width: 1024, height: 768 },
  desktop: { width: 1366, height: 900 },
} as const;

export type Screen = keyof typeof screens;
