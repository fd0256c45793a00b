import { describe, expect, it } from 'vitest';
import { addressKey } from './chat-limits.ts';

describe('the address a chat limit counts', () => {
  it('is the IPv4 address, or the IPv6 /64 it is in', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fd00:0001:0002:0003::1')).toBe('fd00:1:2:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
