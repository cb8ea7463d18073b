package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Write-rule test model whose table a test damages on purpose to provoke a real database error. */
@FxModel
public class LedgerEntry extends BaseModel {

    @Fx("required")
    private Long amount;
    private String memo;

    public Long getAmount() { return amount; }
    public void setAmount(Long amount) { this.amount = amount; }
    public String getMemo() { return memo; }
    public void setMemo(String memo) { this.memo = memo; }
}
