-- The clients grid breaks ties in the sort's direction (client-store), so a descending order is the ascending one
-- reversed: each column's ascending index serves both, read backwards. The descending twins go: each was one
-- index more for every figure a calculation writes to a client row (half of the client row's 60 indexes).
DROP INDEX "client_grid_name_desc";
DROP INDEX "client_grid_relationship_manager_desc";
DROP INDEX "client_grid_inactive_desc";
DROP INDEX "client_grid_type_desc";
DROP INDEX "client_grid_state_desc";
DROP INDEX "client_grid_annual_exemption_desc";
DROP INDEX "client_grid_brought_forward_loss_desc";
DROP INDEX "client_grid_unused_brought_forward_loss_desc";
DROP INDEX "client_grid_annual_exemption_remaining_desc";
DROP INDEX "client_grid_market_value_desc";
DROP INDEX "client_grid_ytd_capital_gain_loss_desc";
DROP INDEX "client_grid_ytd_income_gain_desc";
DROP INDEX "client_grid_ytd_exempt_gain_loss_desc";
DROP INDEX "client_grid_ytd_holdover_relief_gain_desc";
DROP INDEX "client_grid_ytd_clogged_loss_desc";
DROP INDEX "client_grid_unrealised_capital_gain_loss_desc";
DROP INDEX "client_grid_unrealised_income_gain_desc";
DROP INDEX "client_grid_unrealised_exempt_gain_loss_desc";
DROP INDEX "client_grid_indexation_desc";
DROP INDEX "client_grid_used_indexation_desc";
DROP INDEX "client_grid_holding_breaks_desc";
DROP INDEX "client_grid_calculation_failures_desc";
DROP INDEX "client_grid_income_pending_desc";
DROP INDEX "client_grid_cost_update_pending_desc";
DROP INDEX "client_grid_thirty_day_disposal_counter_desc";
