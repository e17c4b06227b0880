// Original file: moderation/v1/common.proto

export const Product = {
  PRODUCT_UNSPECIFIED: 'PRODUCT_UNSPECIFIED',
  ITEMS: 'ITEMS',
  POLICY: 'POLICY',
} as const;

export type Product =
  | 'PRODUCT_UNSPECIFIED'
  | 0
  | 'ITEMS'
  | 1
  | 'POLICY'
  | 2

export type Product__Output = typeof Product[keyof typeof Product]
