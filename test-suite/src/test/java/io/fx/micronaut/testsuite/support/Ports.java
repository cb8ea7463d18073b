package io.fx.micronaut.testsuite.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Ports for servers a test starts itself. */
public final class Ports {

    private Ports() {
    }

    /** @return a port of 127.0.0.1 nothing listens on (at the time of asking) */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
