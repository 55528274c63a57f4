// npu_dma — two load engines, one store engine and their share of the memory
// port.
//
// Loads: commands go to the two load engines in turn, so a second load can
// issue its requests while the first one waits for its responses (each command
// pays the DRAM latency once, not back to back). The older engine wins the
// port when both request, and an engine requests without a break from its
// first beat to its last, so the younger one's requests, and therefore its
// responses, all come after the older one's: responses go to the older engine
// while it is busy, else to the other. Loads complete in issue order. The core
// keeps each engine's SRAM and DRAM ranges for its interlocks.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_dma #(
    parameter integer VLEN  = `NPU_VLEN,
    parameter integer ROWW  = $clog2(`NPU_VROWS),
    parameter integer W     = VLEN * 16,
    // beat index within a DRAM row: a row of up to 65535 elements (dlen is 16 bits)
    // at any lane offset spans at most (65535 + 2*VLEN - 2) / VLEN beats
    parameter integer BEATW = $clog2((65535 + 2 * VLEN - 2) / VLEN + 1)
) (
    input  wire            clk,
    input  wire            rst,
    // command from the core (at most one of ld/st per cycle; engine idle)
    input  wire            cmd_ld,
    input  wire            cmd_st,
    input  wire [31:0]     cmd_addr,
    input  wire [ROWW-1:0] cmd_vrow,
    input  wire [31:0]     cmd_nrows,
    input  wire [31:0]     cmd_stride,
    input  wire [15:0]     cmd_dlen,
    input  wire            cmd_to_m,    // the load fills the matrix SRAM (mld)
    // load engine state for the core's interlocks (engine e in bit e / slice e)
    output wire [1:0]      ld_busy,
    output reg  [1:0]      ld_to_m,     // engine e's command fills the matrix SRAM (mld)
    output wire [2*ROWW-1:0] ld_lo,
    output wire            resp_to_m,   // the SRAM the current response beat goes to
    output reg             ld_next,     // the engine the next load command goes to
    output wire            st_busy,
    output wire [ROWW-1:0] st_lo,
    // memory port
    output wire            mem_req_valid,
    input  wire            mem_req_ready,
    output wire            mem_req_write,
    output wire [31:0]     mem_req_addr,
    output wire [W-1:0]    mem_req_wdata,
    output wire [2*VLEN-1:0] mem_req_wstrb,
    input  wire            mem_resp_valid,
    input  wire [W-1:0]    mem_resp_rdata,
    // vector SRAM ports
    output wire            dw0_en,
    output wire [ROWW-1:0] dw0_row,
    output wire [VLEN-1:0] dw0_lanes,
    output wire [W-1:0]    dw0_data,
    output wire            dw1_en,
    output wire [ROWW-1:0] dw1_row,
    output wire [VLEN-1:0] dw1_lanes,
    output wire [W-1:0]    dw1_data,
    output wire [ROWW-1:0] dr0_row,
    input  wire [W-1:0]    dr0_data,
    output wire [ROWW-1:0] dr1_row,
    input  wire [W-1:0]    dr1_data
);
    wire [1:0]  lreq;
    wire [63:0] laddr;       // engine e's request address in bits [32e +: 32]
    wire [31:0] st_addr;
    wire        st_req;
    reg         prefer_st;   // round robin between loads and the store
    reg         ld_old;      // the engine with the older command (when both are busy)

    wire ld_req   = |lreq;
    wire grant_st = st_req && (!ld_req || prefer_st);
    wire grant_ld = ld_req && !grant_st;
    wire lsel     = lreq[ld_old] ? ld_old : !ld_old;      // the requesting engine served
    wire [31:0] ld_addr = lsel ? laddr[63:32] : laddr[31:0];
    wire accept   = mem_req_valid && mem_req_ready;
    wire rsel     = ld_busy[ld_old] ? ld_old : !ld_old;   // the engine a response is for

    always @(posedge clk) begin
        if (rst) begin
            ld_to_m <= 2'b00;
            ld_next <= 1'b0;
            ld_old  <= 1'b0;
        end else begin
            if (cmd_ld) begin
                ld_to_m[ld_next] <= cmd_to_m;
                ld_next <= !ld_next;
            end
            // the oldest command: the new one when the other engine is idle, else
            // the other engine's once the current oldest has finished
            if (cmd_ld && !ld_busy[!ld_next])
                ld_old <= ld_next;
            else if (!ld_busy[ld_old] && ld_busy[!ld_old])
                ld_old <= !ld_old;
        end
    end
    assign resp_to_m = ld_to_m[rsel];

    always @(posedge clk) begin
        if (rst)
            prefer_st <= 1'b0;
        else if (accept && ld_req && st_req)
            prefer_st <= !grant_st;
    end

    assign mem_req_valid = ld_req || st_req;
    assign mem_req_write = grant_st;
    assign mem_req_addr  = grant_st ? st_addr : ld_addr;

    wire [1:0]        w0e, w1e;
    wire [2*ROWW-1:0] w0r, w1r;
    wire [2*VLEN-1:0] w0l, w1l;
    wire [2*W-1:0]    w0d, w1d;
    genvar e;
    generate
        for (e = 0; e < 2; e = e + 1) begin : g_load
            npu_dma_load #(.VLEN(VLEN), .ROWW(ROWW), .BEATW(BEATW)) u_load (
                .clk(clk), .rst(rst), .start(cmd_ld && ld_next == e), .addr0(cmd_addr),
                .vrow0(cmd_vrow), .nrows(cmd_nrows), .stride(cmd_stride), .dlen(cmd_dlen),
                .req_valid(lreq[e]), .req_addr(laddr[e*32 +: 32]),
                .req_accept(accept && grant_ld && lsel == e),
                .resp_valid(mem_resp_valid && rsel == e), .resp_data(mem_resp_rdata),
                .w0_en(w0e[e]), .w0_row(w0r[e*ROWW +: ROWW]), .w0_lanes(w0l[e*VLEN +: VLEN]),
                .w0_data(w0d[e*W +: W]),
                .w1_en(w1e[e]), .w1_row(w1r[e*ROWW +: ROWW]), .w1_lanes(w1l[e*VLEN +: VLEN]),
                .w1_data(w1d[e*W +: W]),
                .busy(ld_busy[e]), .busy_lo(ld_lo[e*ROWW +: ROWW]));
        end
    endgenerate
    // constant part-selects: a variable one on these wide buses costs Verilator a
    // multi-word shift every evaluation
    assign dw0_en    = rsel ? w0e[1] : w0e[0];
    assign dw0_row   = rsel ? w0r[ROWW +: ROWW] : w0r[0 +: ROWW];
    assign dw0_lanes = rsel ? w0l[VLEN +: VLEN] : w0l[0 +: VLEN];
    assign dw0_data  = rsel ? w0d[W +: W] : w0d[0 +: W];
    assign dw1_en    = rsel ? w1e[1] : w1e[0];
    assign dw1_row   = rsel ? w1r[ROWW +: ROWW] : w1r[0 +: ROWW];
    assign dw1_lanes = rsel ? w1l[VLEN +: VLEN] : w1l[0 +: VLEN];
    assign dw1_data  = rsel ? w1d[W +: W] : w1d[0 +: W];

    npu_dma_store #(.VLEN(VLEN), .ROWW(ROWW), .BEATW(BEATW)) u_store (
        .clk(clk), .rst(rst), .start(cmd_st), .addr0(cmd_addr), .vrow0(cmd_vrow),
        .nrows(cmd_nrows), .stride(cmd_stride), .dlen(cmd_dlen),
        .req_valid(st_req), .req_addr(st_addr), .req_data(mem_req_wdata),
        .req_strb(mem_req_wstrb), .req_accept(accept && grant_st),
        .r0_row(dr0_row), .r0_data(dr0_data), .r1_row(dr1_row), .r1_data(dr1_data),
        .busy(st_busy), .busy_lo(st_lo));
endmodule

`default_nettype wire
