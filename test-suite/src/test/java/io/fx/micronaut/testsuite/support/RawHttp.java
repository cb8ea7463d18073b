package io.fx.micronaut.testsuite.support;

import io.micronaut.context.annotation.Prototype;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Sends bytes over a plain socket and reads one HTTP/1.1 answer: for requests no HTTP client would
 * send (duplicate headers, conflicting framing, broken request lines). A {@code @MicronautTest} class injects
 * it ({@code @Inject RawHttp raw;}), pointed at the embedded server on 127.0.0.1 and decoding answers with the
 * application's {@link JsonMapper}.
 */
@Prototype
public final class RawHttp {

    private final String host;
    private final int port;
    private final JsonMapper json;
    private final InetAddress local;

    /** A client whose answers are not decoded ({@link Answer#decoded()} fails). */
    public RawHttp(String host, int port) {
        this(host, port, null, null);
    }

    @Inject
    public RawHttp(EmbeddedServer server, JsonMapper json) {
        this("127.0.0.1", server.getPort(), json, null);
    }

    private RawHttp(String host, int port, JsonMapper json, InetAddress local) {
        this.host = host;
        this.port = port;
        this.json = json;
        this.local = local;
    }

    /**
     * @param localAddress a local address to connect from, such as {@code 127.0.0.7} (any of 127/8 on Linux)
     * @return the same client, connecting from that address: the server sees it as the remote address
     */
    public RawHttp from(String localAddress) {
        try {
            return new RawHttp(host, port, json, InetAddress.getByName(localAddress));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Socket open() throws IOException {
        return local == null ? new Socket(host, port) : new Socket(host, port, local, 0);
    }

    /** Sends the request text (CRLF line ends are the caller's) and reads the first answer. */
    public Answer send(String request) {
        return send(request.getBytes(StandardCharsets.ISO_8859_1));
    }

    public Answer send(byte[] request) {
        try (Socket socket = open()) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request);
                out.flush();
            } catch (IOException e) {
                // the server may answer and close before reading everything; read what it said
            }
            return read(socket.getInputStream(), startsWith(request, "HEAD "), json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends several requests on one connection at once and reads every answer until the server
     * closes it (or stays silent for the socket timeout).
     */
    public List<Answer> sendAll(String requests) {
        List<Answer> answers = new ArrayList<>();
        try (Socket socket = open()) {
            socket.setSoTimeout(3000);
            socket.getOutputStream().write(requests.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            while (true) {
                Answer answer;
                try {
                    answer = read(in, false, json);
                } catch (SocketTimeoutException e) {
                    break;
                }
                if (answer.status() < 0) {
                    break;
                }
                answers.add(answer);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return answers;
    }

    private static boolean startsWith(byte[] bytes, String prefix) {
        return new String(bytes, 0, Math.min(bytes.length, prefix.length()), StandardCharsets.ISO_8859_1).equals(prefix);
    }

    private static Answer read(InputStream in, boolean head, JsonMapper json) throws IOException {
        String statusLine = line(in);
        if (statusLine == null) {
            return new Answer(-1, Map.of(), "", json);
        }
        String[] parts = statusLine.split(" ", 3);
        int status = Integer.parseInt(parts[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            headers.computeIfAbsent(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                .add(header.substring(colon + 1).trim());
        }
        byte[] body;
        List<String> length = headers.get("content-length");
        List<String> encoding = headers.get("transfer-encoding");
        if (head) {
            body = new byte[0];
        } else if (length != null) {
            body = in.readNBytes(Integer.parseInt(length.get(0)));
        } else if (encoding != null && encoding.get(0).equalsIgnoreCase("chunked")) {
            body = chunked(in);
        } else {
            body = readToClose(in);
        }
        return new Answer(status, headers, new String(body, StandardCharsets.UTF_8), json);
    }

    private static byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (String size = line(in); size != null; size = line(in)) {
            int n = Integer.parseInt(size.split(";")[0].trim(), 16);
            if (n == 0) {
                line(in);
                break;
            }
            body.write(in.readNBytes(n));
            line(in);
        }
        return body.toByteArray();
    }

    private static byte[] readToClose(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try {
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                body.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            // a kept-alive connection without framing: what arrived is the body
        }
        return body.toByteArray();
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                break;
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        if (b == -1 && line.size() == 0) {
            return null;
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    /** One answer: status (-1 when the server closed without one), lower-cased header names, body text. */
    public record Answer(int status, Map<String, List<String>> headers, String body, JsonMapper json) {

        /** @return the body decoded as a JSON object; an {@link AssertionError} naming the answer when it is not one */
        public Map<String, Object> decoded() {
            try {
                return json.readValue(body, Argument.mapOf(String.class, Object.class));
            } catch (IOException | RuntimeException e) {
                throw new AssertionError("not JSON: " + this, e);
            }
        }

        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.get(0);
        }

        @Override
        public String toString() {
            return status + " " + headers + " " + body;
        }
    }
}
