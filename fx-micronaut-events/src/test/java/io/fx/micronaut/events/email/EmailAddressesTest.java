package io.fx.micronaut.events.email;

import jakarta.mail.internet.AddressException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class EmailAddressesTest {

    @Test
    void controlCharactersAreRemoved() {
        assertEquals("HelloBcc: evil@example.com", EmailAddresses.strip("Hello\r\nBcc: evil@example.com"));
        assertEquals("ab", EmailAddresses.strip("a\u0000\u2028b\t"));
        assertEquals("", EmailAddresses.strip(null));
    }

    @Test
    void anAddressIsExactlyOneValidAddress() throws Exception {
        assertEquals("ada@example.com", EmailAddresses.address(" Ada <ada@example.com> "));
        assertThrows(AddressException.class, () -> EmailAddresses.address("ada@example.com, eve@example.com"));
        assertThrows(AddressException.class, () -> EmailAddresses.address("ada@example.com\r\nBcc: eve@example.com"));
        assertThrows(AddressException.class, () -> EmailAddresses.address("not an address"));
        assertThrows(AddressException.class, () -> EmailAddresses.address(""));
    }

    @Test
    void aContactKeepsItsDisplayName() throws Exception {
        assertEquals("Ada <ada@example.com>", EmailAddresses.contact("Ada <ada@example.com>").getNameAddress());
        assertEquals("ada@example.com", EmailAddresses.contact("ada@example.com").getEmail());
        assertEquals(null, EmailAddresses.contact("ada@example.com").getName());
    }
}
