package io.fx.micronaut.events.webhooks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CidrTest {

    @ParameterizedTest(name = "{0} holds {1}: {2}")
    @CsvSource(textBlock = """
        10.0.0.0/8,        10.255.1.2,        true
        10.0.0.0/8,        11.0.0.0,          false
        172.16.0.0/12,     172.31.255.255,    true
        172.16.0.0/12,     172.32.0.0,        false
        127.0.0.1,         127.0.0.1,         true
        127.0.0.1,         127.0.0.2,         false
        127.0.0.0/8,       ::ffff:127.9.9.9,  true
        0.0.0.0/0,         8.8.8.8,           true
        0.0.0.0/0,         2001:db8::1,       false
        192.168.1.77/24,   192.168.1.1,       true
        fc00::/7,          fd12:3456::1,      true
        fc00::/7,          fe00::1,           false
        fe80::/10,         febf::1,           true
        ::/0,              2001:db8::1,       true
        2001:db8::/32,     2001:db9::1,       false
        """)
    void matches(String block, String address, boolean holds) throws Exception {
        assertEquals(holds, Cidr.parse(block).contains(InetAddress.getByName(address)));
    }

    @Test
    void hostBitsAreCleared() {
        assertEquals("192.168.1.0/24", Cidr.parse("192.168.1.77/24").toString());
        assertEquals(Cidr.parse("10.0.0.0/8"), Cidr.parse(" 10.1.2.3/8 "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.0/33", "::/129", "10.0.0.0/-1", "10.0.0.0/x", "example.com/8", "10.0.0/8",
        "300.1.1.1/8", "127.1", "", "10.0.0.0/"})
    void refusesWhatIsNotABlock(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Cidr.parse(text));
        assertTrue(e.getMessage().contains("'" + text), e.getMessage());
    }
}
