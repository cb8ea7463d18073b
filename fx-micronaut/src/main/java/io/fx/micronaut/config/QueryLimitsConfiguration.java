package io.fx.micronaut.config;

import io.fx.micronaut.config.QueryLimits;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * Server-wide query complexity caps under {@code fx.query-limits}; models may override each one.
 *
 * @since 0.1.0
 */
@ConfigurationProperties(QueryLimitsConfiguration.PREFIX)
public interface QueryLimitsConfiguration {

    /** The configuration prefix. */
    String PREFIX = FxConfiguration.PREFIX + ".query-limits";

    /** @return longest URI in bytes, default 8192 */
    @Bindable(defaultValue = "8192")
    int getMaxUriLength();

    /** @return most filter clauses, default 32 */
    @Bindable(defaultValue = "32")
    int getMaxFilterClauses();

    /** @return most OR groups, default 8 */
    @Bindable(defaultValue = "8")
    int getMaxOrGroups();

    /** @return most clauses per OR group, default 8 */
    @Bindable(defaultValue = "8")
    int getMaxGroupClauses();

    /** @return most sort fields, default 8 */
    @Bindable(defaultValue = "8")
    int getMaxSortFields();

    /** @return most include keys, default 8 */
    @Bindable(defaultValue = "8")
    int getMaxIncludes();

    /** @return most values in an in-list, default 500 */
    @Bindable(defaultValue = "500")
    int getMaxInValues();

    /** @return largest page size, default 200 */
    @Bindable(defaultValue = "200")
    int getMaxPageSize();

    /** @return page size when none is asked, default 20 */
    @Bindable(defaultValue = "20")
    int getDefaultPageSize();

    /**
     * @return most {@code %}/{@code _} wildcards in one {@code like}/{@code ilike} value, default 4
     * @since 0.3.0
     */
    @Bindable(defaultValue = "4")
    int getMaxLikeWildcards();

    /**
     * @return longest value of a pattern operator in characters, default 256
     * @since 0.3.0
     */
    @Bindable(defaultValue = "256")
    int getMaxLikeLength();

    /**
     * @return most records one HasMany or ManyToMany include adds to one parent record, default 100
     * @since 0.3.0
     */
    @Bindable(defaultValue = "100")
    int getMaxIncludedPerParent();

    /**
     * @return most included records in one response, default 5000
     * @since 0.3.0
     */
    @Bindable(defaultValue = "5000")
    int getMaxIncludedRows();

    /** @return these settings as a value */
    @NonNull
    default QueryLimits toLimits() {
        return new QueryLimits(getMaxUriLength(), getMaxFilterClauses(), getMaxOrGroups(), getMaxGroupClauses(),
            getMaxSortFields(), getMaxIncludes(), getMaxInValues(), getMaxPageSize(), getDefaultPageSize(),
            getMaxLikeWildcards(), getMaxLikeLength(), getMaxIncludedPerParent(), getMaxIncludedRows());
    }
}
