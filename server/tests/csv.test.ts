import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../src/http/csv';

describe('csvField', () => {
  it('leaves a plain field as it is', () => {
    expect(csvField('reader@example.in')).toBe('reader@example.in');
    expect(csvField('2026-11-23T10:00:00+05:30')).toBe('2026-11-23T10:00:00+05:30');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it.each(['=1+1', '+91 98765', '-2+3@example.in', '@SUM(A1)', '\tindent', '\rreturn'])(
    'writes %j, which a spreadsheet would take for a formula, as text',
    (value) => {
      expect(
        csvField(value)
          .replace(/^"/, '')
          .startsWith(`'${value.slice(0, 1)}`),
      ).toBe(true);
    },
  );

  it('writes a formula that also needs quotes with both', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
  });

  it('leaves a formula character later in a field alone', () => {
    expect(csvField('a=b@example.in')).toBe('a=b@example.in');
  });
});

describe('csvLine', () => {
  it('joins the fields with commas and ends with CRLF', () => {
    expect(csvLine(['email', 'signed_up_at'])).toBe('email,signed_up_at\r\n');
    expect(csvLine(['=x', 'a,b'])).toBe(`'=x,"a,b"\r\n`);
  });
});
