// Laid down empty so the WeChat, sign-in and console parts can be built side by side; filled by its owner.
export {};
