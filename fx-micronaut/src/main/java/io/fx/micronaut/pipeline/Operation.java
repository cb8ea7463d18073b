package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpMethod;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The operation a request performs; the pipeline is compiled per model and operation, and middleware can
 * be filtered by it. The core's generated operations are the constants here; the type is open, so a
 * module declares an operation of its own for the routes it adds (a record's change history, served as a
 * {@link SubResource}, runs its own operation). Operations compare by name. A HEAD request runs as the GET
 * it mirrors ({@link #READ} or {@link #LIST}).
 *
 * <p>Annotations name operations by their {@link #name() names}, in any case:
 * {@code @FxMiddleware(step = Step.AUTH, operations = {"CREATE", "UPDATE"})}.</p>
 *
 * @since 0.1.0 (an open type since 0.7.0; an enum before)
 */
public final class Operation {

    /** GET on a collection. */
    public static final Operation LIST = new Operation("LIST");
    /** GET on a record. */
    public static final Operation READ = new Operation("READ");
    /** POST on a collection. */
    public static final Operation CREATE = new Operation("CREATE");
    /** PATCH on a record. */
    public static final Operation UPDATE = new Operation("UPDATE");
    /** DELETE on a record. */
    public static final Operation DELETE = new Operation("DELETE");
    /** OPTIONS on a collection or a record. */
    public static final Operation OPTIONS = new Operation("OPTIONS");
    /** A custom action. */
    public static final Operation ACTION = new Operation("ACTION");

    /**
     * GET on a record's change history ({@code {collection}/{id}/history}, served by the history module). Middleware
     * registered for {@link #READ} cover it too (what guards a record guards its history); middleware registered
     * for {@code READ_HISTORY} cover history requests alone.
     *
     * @since 0.8.0
     */
    public static final Operation READ_HISTORY = new Operation("READ_HISTORY");

    private static final List<Operation> GENERATED = List.of(LIST, READ, CREATE, UPDATE, DELETE, OPTIONS, ACTION);
    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

    private final String name;

    private Operation(String name) {
        this.name = name;
    }

    /**
     * @param name an operation name: letters, digits and {@code _}, starting with a letter, in any case;
     *             {@code -} is read as {@code _} ({@code read-history} is {@code READ_HISTORY})
     * @return the core's operation of that name, or a module's operation
     * @throws IllegalArgumentException when the name does not have that form
     * @since 0.7.0
     */
    @NonNull
    public static Operation named(@NonNull String name) {
        String normal = name == null ? "" : name.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Operation operation : GENERATED) {
            if (operation.name.equals(normal)) {
                return operation;
            }
        }
        if (READ_HISTORY.name.equals(normal)) {
            return READ_HISTORY;
        }
        if (!NAME.matcher(normal).matches()) {
            throw new IllegalArgumentException("An operation name is letters, digits and _, not '" + name + "'");
        }
        return new Operation(normal);
    }

    /**
     * @return the core's operations: {@link #LIST}, {@link #READ}, {@link #CREATE}, {@link #UPDATE},
     *     {@link #DELETE}, {@link #OPTIONS} and {@link #ACTION}
     * @since 0.7.0
     */
    @NonNull
    public static List<Operation> generated() {
        return GENERATED;
    }

    /** @return the name, in upper case as the constant's, for example {@code READ} */
    @NonNull
    public String name() {
        return name;
    }

    /**
     * Whether middleware registered for an operation run for this one: the same operation, or {@link #READ} for
     * {@link #READ_HISTORY}.
     *
     * @param registered an operation a registration names
     * @return whether that registration covers this operation
     * @since 0.8.0
     */
    public boolean isCoveredBy(@NonNull Operation registered) {
        return equals(registered) || (equals(READ_HISTORY) && registered.equals(READ));
    }

    /**
     * @param registered the operations a registration names; empty for all
     * @return whether that registration covers this operation
     * @since 0.8.0
     */
    public boolean isCoveredBy(@NonNull java.util.Collection<Operation> registered) {
        if (registered.isEmpty() || registered.contains(this)) {
            return true;
        }
        return equals(READ_HISTORY) && registered.contains(READ);
    }

    /** @return whether this is one of the {@link #generated() core's operations} */
    public boolean isGenerated() {
        return GENERATED.contains(this);
    }

    /**
     * The methods served on a generated path, for the {@code Allow} header.
     *
     * @param hasId whether the path names a record
     * @return the comma-separated methods
     */
    @NonNull
    public static String allowedMethods(boolean hasId) {
        return hasId ? "GET, HEAD, PATCH, DELETE, OPTIONS" : "GET, HEAD, POST, OPTIONS";
    }

    /**
     * @param method the HTTP method
     * @param hasId  whether the path names a record
     * @return the generated operation, or null when the method is not served on that path
     */
    @Nullable
    public static Operation of(@NonNull HttpMethod method, boolean hasId) {
        return switch (method) {
            case GET, HEAD -> hasId ? READ : LIST;
            case POST -> hasId ? null : CREATE;
            case PATCH -> hasId ? UPDATE : null;
            case DELETE -> hasId ? DELETE : null;
            case OPTIONS -> OPTIONS;
            default -> null;
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Operation other && name.equals(other.name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
