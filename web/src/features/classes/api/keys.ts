/** classesKey is the root key of both class lists; every class action invalidates it. */
export const classesKey = ['classes'] as const;
