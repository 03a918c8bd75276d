export const common = {
  siteName: "Forge & Filament",
  skipToContent: "Skip to content",
  loading: "Loading…",
  close: "Close",
  cancel: "Cancel",
  save: "Save",
  notFoundTitle: "Page not found",
  notFoundText: "The page you are looking for does not exist or has moved.",
  backHome: "Back to the home page",
  errorTitle: "Something went wrong",
  errorText: "An unexpected error occurred. Please try again.",
  errorReference: "If it happens again, quote this reference to the studio:",
  roles: { user: "Customer", admin: "Administrator" },
  requestErrors: {
    badCharacters:
      "The request contains characters that are not allowed (such as a null character). Remove them and try again.",
    tooLarge: (kilobytes: number) => `The request is too large (over ${kilobytes} KB). Shorten the text and try again.`,
    fileTooLarge: (megabytes: number) => `The file is too large (over ${megabytes} MB).`,
    malformed: "The request is malformed. Reload the page and try again.",
  },
};
