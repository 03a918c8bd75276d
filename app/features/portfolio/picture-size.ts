/** A project's pictures as the card and the dialog draw them (their width and height attributes: no layout shift). */
export const PROJECT_PICTURE_SIZE = { width: 800, height: 600 } as const;
