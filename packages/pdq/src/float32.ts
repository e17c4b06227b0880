// The reference implementation (Meta's pdq/cpp) computes in IEEE single precision. Rounding
// each double-precision +, -, * and / to float32 gives exactly the float32 result (53 bits
// leave room for the double rounding to be harmless), so wrapping every step in `f32`
// reproduces the reference bit for bit.
export const f32 = Math.fround;
