// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MASKED_CONTACT, maskContactDetails } from '#domain/contact-masking';

const hidden = (text: string) => maskContactDetails(text).text;

describe('maskContactDetails', () => {
  it.each([
    ['+91 98765 43210', 'Call me on +91 98765 43210 tonight'],
    ['98765-43210', 'Call me on 98765-43210 tonight'],
    ['9876543210', 'Call me on 9876543210 tonight'],
    ['९८७६५४३२१०', 'Call me on ९८७६५४३२१० tonight'],
    ['+919876543210', 'Call me on +919876543210 tonight'],
    ['98.765.432.10', 'Call me on 98.765.432.10 tonight'],
    ['98765 - 43210', 'Call me on 98765 - 43210 tonight'],
  ])('hides the phone number %s, leaving the words around it', (_number, text) => {
    expect(maskContactDetails(text)).toEqual({ text: `Call me on ${MASKED_CONTACT} tonight`, masked: true });
  });

  it('hides an email address, a.b@c.in too', () => {
    expect(maskContactDetails('mail a.b@c.in or ravi.kumar+cars@mail.example.co.in')).toEqual({
      text: `mail ${MASKED_CONTACT} or ${MASKED_CONTACT}`,
      masked: true,
    });
  });

  it('leaves nine digits or fewer, and says nothing was masked', () => {
    const text = 'Pincode 560001, ₹4,800 for 987654321 km on 12-05-2030';
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });

  it('hides two numbers in one message separately', () => {
    expect(hidden('9876543210 or ९८७६५४३२१०.')).toBe(`${MASKED_CONTACT} or ${MASKED_CONTACT}.`);
  });

  it('leaves a lone @ and a word with a dot', () => {
    const text = 'Meet @ the gate, near M.G. Road';
    expect(hidden(text)).toBe(text);
  });
});
