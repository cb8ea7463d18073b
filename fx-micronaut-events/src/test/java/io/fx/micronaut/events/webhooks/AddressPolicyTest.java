package io.fx.micronaut.events.webhooks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AddressPolicyTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(textBlock = """
        127.0.0.1,              loopback
        127.255.0.9,            loopback
        ::1,                    loopback
        10.0.0.1,               private
        172.16.0.1,             private
        172.31.255.254,         private
        192.168.0.1,            private
        fc00::1,                private
        fd00:ec2::254,          private
        fec0::1,                private
        169.254.169.254,        link-local
        169.254.0.1,            link-local
        fe80::1,                link-local
        100.64.0.1,             shared
        100.127.255.254,        shared
        0.0.0.0,                unspecified
        0.1.2.3,                unspecified
        ::,                     unspecified
        224.0.0.1,              multicast
        239.255.255.250,        multicast
        ff02::1,                multicast
        255.255.255.255,        reserved
        240.0.0.1,              reserved
        ::ffff:127.0.0.1,       loopback
        ::ffff:10.1.1.1,        private
        ::ffff:169.254.169.254, link-local
        ::ffff:0.0.0.0,         unspecified
        ::127.0.0.1,            loopback
        ::10.0.0.1,             private
        64:ff9b::a9fe:a9fe,     link-local
        2002:7f00:1::,          loopback
        2002:c0a8:101::1,       private
        """)
    void refusedRanges(String address, String range) throws Exception {
        assertEquals(Optional.of(range), AddressPolicy.classify(InetAddress.getByName(address)));
        assertEquals(Optional.of(range), new AddressPolicy(List.of()).refusal(InetAddress.getByName(address)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "172.32.0.1", "172.15.255.255", "100.63.255.255", "100.128.0.1",
        "192.169.0.1", "11.0.0.1", "223.255.255.255", "2001:4860:4860::8888", "2606:4700::1111", "64:ff9b::808:808",
        "::ffff:8.8.8.8", "2002:808:808::1"})
    void publicAddressesPass(String address) throws Exception {
        assertEquals(Optional.empty(), AddressPolicy.classify(InetAddress.getByName(address)));
    }

    @Test
    void allowedNetworksWinOverRefusedRanges() throws Exception {
        AddressPolicy policy = new AddressPolicy(List.of(Cidr.parse("127.0.0.0/8"), Cidr.parse("fd00::/8"),
            Cidr.parse("169.254.169.254")));
        assertEquals(Optional.empty(), policy.refusal(InetAddress.getByName("127.0.0.1")));
        assertEquals(Optional.empty(), policy.refusal(InetAddress.getByName("::ffff:127.0.0.1")), "mapped form");
        assertEquals(Optional.empty(), policy.refusal(InetAddress.getByName("fd00::5")));
        assertEquals(Optional.empty(), policy.refusal(InetAddress.getByName("169.254.169.254")));
        assertEquals(Optional.of("link-local"), policy.refusal(InetAddress.getByName("169.254.169.253")));
        assertEquals(Optional.of("loopback"), policy.refusal(InetAddress.getByName("::1")), "127/8 is not ::1");
        assertEquals(Optional.of("private"), policy.refusal(InetAddress.getByName("10.0.0.1")));
    }
}
