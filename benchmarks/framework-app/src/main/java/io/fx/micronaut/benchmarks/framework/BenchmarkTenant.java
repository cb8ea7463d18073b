package io.fx.micronaut.benchmarks.framework;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * For measuring what tenancy costs (run.sh --variant tenancy="-Dbench.tenant=bench
 * -Dfx.security.models.Post.tenant=ownerId ..."): at startup it gives every seeded post that has no owner the
 * tenant {@code bench.tenant} in {@code owner_id}, so a token of that tenant sees the same rows as an unscoped
 * server does, and only the work of resolving and rendering the tenant scope differs. Servers without the
 * property never see owner_id, as reads are open.
 */
@Singleton
@Requires(property = "bench.tenant")
public class BenchmarkTenant {

    private final TransactionOperations<Connection> transactions;
    private final String tenant;

    BenchmarkTenant(TransactionOperations<Connection> transactions, @Value("${bench.tenant}") String tenant) {
        this.transactions = transactions;
        this.tenant = tenant;
    }

    @EventListener
    void onStartup(StartupEvent event) {
        int updated = transactions.executeWrite(status -> {
            try (PreparedStatement statement = status.getConnection()
                .prepareStatement("UPDATE \"posts\" SET \"owner_id\" = ? WHERE \"owner_id\" IS NULL")) {
                statement.setString(1, tenant);
                return statement.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException("could not give the posts their tenant", e);
            }
        });
        System.out.println("bench.tenant: " + updated + " posts given tenant " + tenant);
    }
}
