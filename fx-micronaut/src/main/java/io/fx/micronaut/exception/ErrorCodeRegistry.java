package io.fx.micronaut.exception;

import io.micronaut.context.annotation.Context;
import io.micronaut.core.annotation.NonNull;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every error code the application declares, gathered at startup from the {@link ErrorCatalog} beans of the
 * core and the modules. A code name declared twice with different statuses fails startup, naming both.
 *
 * @since 0.7.0
 */
@Context
public final class ErrorCodeRegistry {

    private final Map<String, ErrorCode> byName;
    private final List<ErrorCode> all;

    /**
     * @param catalogs the catalogs of the core and the modules
     * @throws FxConfigurationException when two catalogs give one name two statuses
     */
    public ErrorCodeRegistry(@NonNull List<ErrorCatalog> catalogs) {
        Map<String, ErrorCode> codes = new LinkedHashMap<>();
        for (ErrorCatalog catalog : catalogs) {
            for (ErrorCode code : catalog.codes()) {
                ErrorCode earlier = codes.putIfAbsent(code.name(), code);
                if (earlier != null && !earlier.equals(code)) {
                    throw new FxConfigurationException("The error code " + code.name() + " is declared with status "
                        + earlier.status() + " and with status " + code.status() + " (" + catalog.getClass().getName() + ")");
                }
            }
        }
        this.byName = Map.copyOf(codes);
        this.all = codes.values().stream()
            .sorted(Comparator.comparingInt(ErrorCode::status).thenComparing(ErrorCode::name)).toList();
    }

    /** @return every declared code, by status and then by name */
    @NonNull
    public List<ErrorCode> all() {
        return all;
    }

    /**
     * @param name a code name
     * @return the declared code of that name
     */
    @NonNull
    public Optional<ErrorCode> find(@NonNull String name) {
        return Optional.ofNullable(byName.get(name));
    }
}
