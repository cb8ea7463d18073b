package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code RequestContext.getClientAddress()} through Netty, from clients bound to 127.0.0.x source addresses:
 * forwarding headers count only from {@code fx.client-ip.trusted-proxies} (127.0.0.2 and 127.0.0.3 here), read
 * from the right past trusted hops; an entry that is no address stops the walk at the last verified hop; the
 * answer is an IP without a port, IPv6 compressed without its zone, IPv4-mapped as IPv4. Each header mode
 * ({@code x-forwarded-for}, {@code forwarded}, {@code x-real-ip}) on a server of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientAddressTest {

    private static final String SPEC = "ClientAddressTest";

    private final Map<String, EmbeddedServer> servers = new HashMap<>();

    private EmbeddedServer server(String mode) {
        return servers.computeIfAbsent(mode, header -> ApplicationContext.run(EmbeddedServer.class, Databases.config(
            SPEC, "fx.client-ip.trusted-proxies", "127.0.0.2/32,127.0.0.3", "fx.client-ip.header", header)));
    }

    @AfterAll
    void stopServers() {
        servers.values().forEach(EmbeddedServer::close);
    }

    @ParameterizedTest(name = "{0} {1} from {2}: {3}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
        x-forwarded-for | -                                  | 127.0.0.5 | 127.0.0.5   | no header: the peer
        x-forwarded-for | 203.0.113.9                        | 127.0.0.5 | 127.0.0.5   | an untrusted peer's header is ignored
        x-forwarded-for | 203.0.113.9                        | 127.0.0.2 | 203.0.113.9 | a trusted proxy names the client
        x-forwarded-for | 198.51.100.1, 203.0.113.9, 127.0.0.3 | 127.0.0.2 | 203.0.113.9 | trusted hops skipped, the client's own entries ignored
        x-forwarded-for | 127.0.0.3                          | 127.0.0.2 | 127.0.0.3   | every hop trusted: the leftmost
        x-forwarded-for | 203.0.113.9, garbage               | 127.0.0.2 | 127.0.0.2   | a malformed entry stops at the last verified hop
        x-forwarded-for | 203.0.113.9, unknown, 127.0.0.3    | 127.0.0.2 | 127.0.0.3   | unknown stops the walk
        x-forwarded-for | 203.0.113.9:4711                   | 127.0.0.2 | 203.0.113.9 | a port is dropped
        x-forwarded-for | [2001:db8:0:0:0:0:0:1]:4711        | 127.0.0.2 | 2001:db8::1 | IPv6 compressed, port dropped
        x-forwarded-for | fe80::1%eth0                       | 127.0.0.2 | fe80::1     | the zone dropped
        x-forwarded-for | ::ffff:203.0.113.9                 | 127.0.0.2 | 203.0.113.9 | IPv4-mapped as IPv4
        x-forwarded-for | example.com                        | 127.0.0.2 | 127.0.0.2   | a name is no address (never looked up)
        forwarded       | for=198.51.100.1, for="[2001:db8::17]:4711";proto=https | 127.0.0.2 | 2001:db8::17 | RFC 7239, rightmost untrusted
        forwarded       | for=_hidden, for=203.0.113.9       | 127.0.0.2 | 203.0.113.9 | an obfuscated entry left of the client does not matter
        forwarded       | for=203.0.113.9, for=_hidden       | 127.0.0.2 | 127.0.0.2   | an obfuscated hop stops the walk
        forwarded       | proto=https                        | 127.0.0.2 | 127.0.0.2   | an element without for stops the walk
        forwarded       | for=203.0.113.9                    | 127.0.0.5 | 127.0.0.5   | an untrusted peer's Forwarded is ignored
        x-real-ip       | 203.0.113.9                        | 127.0.0.2 | 203.0.113.9 | X-Real-IP from a trusted proxy
        x-real-ip       | 203.0.113.9                        | 127.0.0.5 | 127.0.0.5   | X-Real-IP from anyone else is ignored
        """)
    void theClientAddressComesFromTrustedProxiesOnly(String mode, String value, String from, String expected,
                                                     String why) {
        String headerName = mode.equals("forwarded") ? "Forwarded" : mode.equals("x-real-ip") ? "X-Real-IP"
            : "X-Forwarded-For";
        String header = value == null ? "" : headerName + ": " + value + "\r\n";
        RawHttp.Answer answer = new RawHttp("127.0.0.1", server(mode).getPort()).from(from)
            .send("GET /api/widgets HTTP/1.1\r\nHost: localhost\r\n" + header + "Connection: close\r\n\r\n");
        assertEquals(200, answer.status(), answer.toString());
        assertEquals(expected, answer.header("X-Client-Address"), why);
    }

    @Test
    void headerLinesJoinInOrderAndTheOtherModesHeadersAreIgnored() {
        RawHttp.Answer answer = new RawHttp("127.0.0.1", server("x-forwarded-for").getPort()).from("127.0.0.2")
            .send("GET /api/widgets HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 198.51.100.7\r\n"
                + "X-Forwarded-For: 203.0.113.9\r\nForwarded: for=192.0.2.1\r\nX-Real-IP: 192.0.2.2\r\n"
                + "Connection: close\r\n\r\n");
        assertEquals("203.0.113.9", answer.header("X-Client-Address"));
    }

    @Test
    void aTrustedProxyThatIsNoAddressOrAnUnknownHeaderFailsStartup() {
        String cidr = Failures.startupFailure(Databases.config(SPEC, "fx.client-ip.trusted-proxies", "10.0.0.0/33"));
        assertTrue(cidr.contains("fx.client-ip.trusted-proxies") && cidr.contains("10.0.0.0/33"), cidr);
        String name = Failures.startupFailure(Databases.config(SPEC, "fx.client-ip.trusted-proxies", "proxy.local"));
        assertTrue(name.contains("proxy.local"), name);
        String header = Failures.startupFailure(Databases.config(SPEC, "fx.client-ip.header", "x-client-ip"));
        assertTrue(header.contains("fx.client-ip.header") && header.contains("x-client-ip"), header);
    }

    /** Echoes the context's client address as a header. */
    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        @Named("client-address")
        PipelineConfigurer clientAddress() {
            return registry -> registry.use(Step.AUTH, (context, next) -> {
                context.response().setHeader("X-Client-Address", context.getClientAddress().orElse("none"));
                next.next();
            });
        }
    }
}
