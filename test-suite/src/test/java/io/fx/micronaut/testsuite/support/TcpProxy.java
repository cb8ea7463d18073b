package io.fx.micronaut.testsuite.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP forwarder on a free port of 127.0.0.1 to a server the test does not own (the machine's RabbitMQ, an
 * in-process Kafka), so a test can take the server away from a client and give it back: {@link #cut()} closes
 * every connection and stops listening (connects are refused, as from a server that is down), {@link #restore()}
 * listens on the same port again. The server itself never notices.
 */
public final class TcpProxy implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;

    private final int port;
    private final InetSocketAddress target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket listening;

    private TcpProxy(int port, InetSocketAddress target) {
        this.port = port;
        this.target = target;
    }

    /**
     * @param host the server's host
     * @param port the server's port
     * @return a proxy that forwards to it, listening
     */
    public static TcpProxy to(String host, int port) throws IOException {
        return on(Ports.free(), host, port);
    }

    /**
     * @param port a free port of 127.0.0.1 to listen on (one a server was told to advertise, say)
     * @param host the server's host
     * @param targetPort the server's port
     * @return a proxy on that port that forwards to the server, listening
     */
    public static TcpProxy on(int port, String host, int targetPort) throws IOException {
        TcpProxy proxy = new TcpProxy(port, new InetSocketAddress(host, targetPort));
        proxy.restore();
        return proxy;
    }

    /** @return the port clients connect to */
    public int port() {
        return port;
    }

    /** Closes every forwarded connection and stops accepting: the server is gone, as far as clients can tell. */
    public synchronized void cut() {
        ServerSocket server = listening;
        listening = null;
        if (server != null) {
            closeQuietly(server);
        }
        for (Socket socket : open) {
            closeQuietly(socket);
        }
        open.clear();
    }

    /** Listens on the same port again. */
    public synchronized void restore() throws IOException {
        if (listening != null) {
            return;
        }
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        listening = server;
        Thread acceptor = new Thread(() -> accept(server), "tcp-proxy-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept(ServerSocket server) {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return;
            }
            Socket upstream = new Socket();
            try {
                upstream.connect(target, CONNECT_TIMEOUT_MILLIS);
            } catch (IOException e) {
                closeQuietly(client);
                closeQuietly(upstream);
                continue;
            }
            open.add(client);
            open.add(upstream);
            pump(client, upstream);
            pump(upstream, client);
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException e) {
                // the connection ended (or was cut): close both sides
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "tcp-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        cut();
    }
}
